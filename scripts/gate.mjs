// The one gate: typecheck, lint, the rule fixtures, and the unit, component and server tests.
// The checks run one after another while Vitest runs beside them (each check is single-threaded,
// Vitest leaves a core free on a small machine); Vitest reports live, the checks' output follows.
// Closes with "N passed, M failed" counting every test and every gate step.
import { spawn } from 'node:child_process';
import { closingLine, runVitest } from './vitest-count.mjs';

const checks = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['fixtures', ['npm', 'run', '-s', 'fixtures', '--', 'test/fixtures']],
];

/** Runs a command with its output kept (stdout and stderr in order); resolves to its status and output. */
function runQuietly([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function runChecks() {
  const results = [];
  for (const [name, command] of checks) results.push({ name, ...(await runQuietly(command)) });
  return results;
}

console.log('\n> tests');
const [checkResults, { status, counts }] = await Promise.all([runChecks(), runVitest([])]);
for (const { name, output } of checkResults) console.log(`\n> ${name}${output.trim() ? `\n${output.trimEnd()}` : ''}`);
const failedSteps = checkResults.filter((result) => result.status !== 0).map((result) => result.name);
if (failedSteps.length) console.log(`\nFailed gate steps: ${failedSteps.join(', ')}`);
console.log(`\n${closingLine({ ...counts, failed: counts.failed + failedSteps.length })}`);
process.exit(status === 0 && counts.failed === 0 && failedSteps.length === 0 ? 0 : 1);
