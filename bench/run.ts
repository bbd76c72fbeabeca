/**
 * `npm run bench`: merchant records per second turned into full step flags (all 8 steps, all
 * flags) by `rules/evaluate.ts`, on one core, from a realistic mix of records.
 */
import rulesConfig from '../rules/config';
import { evaluate } from '../rules/evaluate';
import { generateRecords } from './records';

const records = generateRecords(500);
let sink = 0;

function run(rounds: number): void {
  for (let round = 0; round < rounds; round++) {
    for (const record of records) {
      const steps = evaluate(record, rulesConfig);
      if (steps['service-agreement'].todo) sink++;
    }
  }
}

run(200); // warm-up: compile the rules once, let the JIT settle

const seconds = 2;
let evaluated = 0;
const start = process.hrtime.bigint();
let elapsed = 0;
while (elapsed < seconds) {
  run(10);
  evaluated += records.length * 10;
  elapsed = Number(process.hrtime.bigint() - start) / 1e9;
}

console.log(`rules.evaluate: ${Math.round(evaluated / elapsed)} records/s (${records.length} varied records, ${evaluated} evaluations in ${elapsed.toFixed(2)} s)`);
