// The one gate: typecheck, lint, the rule fixtures, then the unit, component and server tests.
// Closes with "N passed, M failed" counting every test and every gate step.
import { spawnSync } from 'node:child_process';
import { closingLine, runVitest } from './vitest-count.mjs';

const steps = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['fixtures', ['npm', 'run', '-s', 'fixtures', '--', 'test/fixtures']],
];
const failedSteps = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n> ${name}`);
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) failedSteps.push(name);
}
console.log('\n> tests');
const { status, counts } = runVitest([]);
if (failedSteps.length) console.log(`\nFailed gate steps: ${failedSteps.join(', ')}`);
console.log(`\n${closingLine({ ...counts, failed: counts.failed + failedSteps.length })}`);
process.exit(status === 0 && counts.failed === 0 && failedSteps.length === 0 ? 0 : 1);
