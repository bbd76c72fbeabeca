/**
 * `npm run fixtures -- [--json] <files or folders>`: runs rule, validation and definition fixtures
 * (DESIGN.md, "Fixtures"), prints a line per fixture and `N passed, M failed`, and exits 1
 * on any failure (2 on a usage error).
 */
import { createFixtureEnvironment } from '../rules/fixtures/environment';
import { runFixturePaths } from '../rules/fixtures/files';
import { formatReport, jsonReport } from '../rules/fixtures/report';

const args = process.argv.slice(2);
const json = args.includes('--json');
const paths = args.filter((arg) => arg !== '--json');

if (!paths.length || paths.some((arg) => arg.startsWith('--'))) {
  console.error('usage: npm run fixtures -- [--json] <fixture files or folders>');
  process.exitCode = 2;
} else {
  try {
    const results = runFixturePaths(paths, createFixtureEnvironment());
    console.log(json ? JSON.stringify(jsonReport(results), null, 2) : formatReport(results));
    process.exitCode = results.every((result) => result.ok) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
