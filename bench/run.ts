/**
 * `npm run bench`: merchant records per second turned into full step flags (all 8 steps, all
 * flags) by `rules/evaluate.ts`, on one core, from a realistic mix of records. The rate is
 * per second of this process's CPU time, so other work on the machine does not skew it;
 * wall-clock time is printed beside it. Then the same work through every engine of
 * `bench/engines.ts`, side by side in one interleaved run.
 */
import { isDeepStrictEqual } from 'node:util';
import { compileRules, type CompiledRules } from '../rules/compileRules';
import rulesConfig from '../rules/config';
import { evaluate, evaluateCompiled } from '../rules/evaluate';
import { engines } from './engines';
import { benchRecords } from './records';

const records = benchRecords();
let todo = 0;

function run(rounds: number): void {
  for (let round = 0; round < rounds; round++) {
    for (const record of records) {
      if (evaluate(record, rulesConfig)['service-agreement']?.todo) todo++;
    }
  }
}

function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

run(200); // warm-up: compile the rules once, let the JIT settle

const cpuStart = cpuSeconds();
const wallStart = process.hrtime.bigint();
let evaluated = 0;
while (cpuSeconds() - cpuStart < 2) {
  run(10);
  evaluated += records.length * 10;
}
const cpu = cpuSeconds() - cpuStart;
const wall = Number(process.hrtime.bigint() - wallStart) / 1e9;

console.log(
  `rules.evaluate: ${Math.round(evaluated / cpu)} records/s ` +
    `(${records.length} varied records, ${evaluated} evaluations, ${cpu.toFixed(2)} s CPU, ${wall.toFixed(2)} s wall, ${todo} with the agreement to do)`,
);

// The engines side by side. Rounds alternate the engines (each starting in turn), so a change
// in the machine's load falls on all of them alike; each turn runs the records for 50 ms of CPU.
const ROUNDS = 20;
const WARM_UP_ROUNDS = 3;
const TURN_CPU_SECONDS = 0.05;

interface Contender {
  name: string;
  /** Definitions and step flags only: the work of `evaluate()` above. */
  steps: CompiledRules;
  cpu: number;
  evaluated: number;
  rates: number[];
}

const oursFull = compileRules(rulesConfig);
const contenders: Contender[] = [];
for (const engine of engines()) {
  const full = compileRules(rulesConfig, engine.compiler);
  // Every rule file (steps, status, documents) must give our answers before any speed counts.
  const differing = records.findIndex((record) => !isDeepStrictEqual(evaluateCompiled(full, record), evaluateCompiled(oursFull, record)));
  if (differing !== -1) {
    console.log(`${engine.name}: differs from ours on bench record ${differing}; not timed`);
    process.exitCode = 1;
    continue;
  }
  contenders.push({ name: engine.name, steps: { ...full, status: [], documents: [] }, cpu: 0, evaluated: 0, rates: [] });
}

function turn(contender: Contender): [number, number] {
  const start = cpuSeconds();
  let count = 0;
  do {
    for (const record of records) {
      if (evaluateCompiled(contender.steps, record).steps['service-agreement']?.todo) todo++;
    }
    count += records.length;
  } while (cpuSeconds() - start < TURN_CPU_SECONDS);
  return [cpuSeconds() - start, count];
}

const comparisonWallStart = process.hrtime.bigint();
for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
  const first = round % contenders.length;
  for (const contender of [...contenders.slice(first), ...contenders.slice(0, first)]) {
    const [spent, count] = turn(contender);
    if (round < WARM_UP_ROUNDS) continue;
    contender.cpu += spent;
    contender.evaluated += count;
    contender.rates.push(count / spent);
  }
}
const comparisonWall = Number(process.hrtime.bigint() - comparisonWallStart) / 1e9;

const rate = (contender: Contender) => contender.evaluated / contender.cpu;
const ours = contenders[0];
const format = (value: number) => Math.round(value).toLocaleString('en-US');
console.log(
  `rules engines, one interleaved run (${ROUNDS} rounds after ${WARM_UP_ROUNDS} of warm-up, ${contenders.length} engines, ` +
    `${TURN_CPU_SECONDS * 1000} ms CPU per turn, ${comparisonWall.toFixed(1)} s wall; definitions and step flags as rules.evaluate; goal 50,000 records/s):`,
);
const width = Math.max(...contenders.map((contender) => contender.name.length));
for (const contender of contenders) {
  const ratio = ours ? (rate(contender) / rate(ours)).toFixed(2) : '-';
  console.log(
    `  ${contender.name.padEnd(width)}  ${format(rate(contender)).padStart(9)} records/s  ${ratio.padStart(5)} × ours` +
      `  (rounds ${format(Math.min(...contender.rates))}–${format(Math.max(...contender.rates))}, ${contender.cpu.toFixed(2)} s CPU)`,
  );
}
