/**
 * `npm run bench`: merchant records per second turned into full step flags (all 8 steps, all
 * flags) by `rules/evaluate.ts`, on one core, from a realistic mix of records. The rate is
 * per second of this process's CPU time, so other work on the machine does not skew it;
 * wall-clock time is printed beside it.
 */
import rulesConfig from '../rules/config';
import { evaluate } from '../rules/evaluate';
import { generateRecords } from './records';

const records = generateRecords(500);
let todo = 0;

function run(rounds: number): void {
  for (let round = 0; round < rounds; round++) {
    for (const record of records) {
      if (evaluate(record, rulesConfig)['service-agreement'].todo) todo++;
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
