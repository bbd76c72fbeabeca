// Runs Vitest with the given arguments and closes with one line "N passed, M failed[, K skipped]".
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs vitest; resolves to its exit status and the counts of its JSON report. */
export async function runVitest(args) {
  const dir = mkdtempSync(join(tmpdir(), 'vitest-'));
  const report = join(dir, 'report.json');
  const child = spawn('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit' });
  const exitStatus = await new Promise((resolve) => child.on('close', resolve));
  let counts = { passed: 0, failed: 0, skipped: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = { passed: json.numPassedTests, failed: json.numFailedTests + (json.numFailedTestSuites ?? 0) * 0, skipped: json.numPendingTests + json.numTodoTests };
    if (json.numFailedTestSuites && !json.numFailedTests) counts.failed = json.numFailedTestSuites;
  } catch {
    counts.failed = Math.max(1, counts.failed);
  }
  rmSync(dir, { recursive: true, force: true });
  return { status: exitStatus ?? 1, counts };
}

export function closingLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { status, counts } = await runVitest(process.argv.slice(2));
  console.log(`\n${closingLine(counts)}`);
  process.exit(status === 0 && counts.failed === 0 ? 0 : 1);
}
