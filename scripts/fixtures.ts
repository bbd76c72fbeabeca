/**
 * `npm run fixtures -- [--json] [--precompiled] <files or folders>`: runs rule, validation and definition fixtures
 * (DESIGN.md, "Fixtures"), prints a line per fixture and `N passed, M failed`, and exits 1 on any failure (2 on a
 * usage error). Schemas are validated by Ajv compiling at run time, as the server does; `--precompiled` uses the
 * validators compiled ahead of time instead (`scripts/compile-validators.ts`, the code the browser runs).
 */
import { pathToFileURL } from 'node:url';
import { createFixtureEnvironment, precompiledValidators } from '../rules/fixtures/environment';
import { runFixturePaths } from '../rules/fixtures/files';
import { formatReport, jsonReport } from '../rules/fixtures/report';
import rulesConfig from '../rules/config';
import { writeServerValidators } from './compile-validators';

const FLAGS = ['--json', '--precompiled'];
const args = process.argv.slice(2);
const json = args.includes('--json');
const precompiled = args.includes('--precompiled');
const paths = args.filter((arg) => !FLAGS.includes(arg));

/** The server flavour of the precompiled validators, generated into node_modules/.cache and imported. */
async function loadPrecompiledValidators() {
  const module = (await import(pathToFileURL(writeServerValidators()).href)) as typeof import('virtual:precompiled-validators/server');
  return precompiledValidators(module.validators);
}

if (!paths.length || paths.some((arg) => arg.startsWith('--'))) {
  console.error('usage: npm run fixtures -- [--json] [--precompiled] <fixture files or folders>');
  process.exitCode = 2;
} else {
  try {
    const validators = precompiled ? await loadPrecompiledValidators() : undefined;
    const results = runFixturePaths(paths, createFixtureEnvironment(rulesConfig, validators));
    console.log(json ? JSON.stringify(jsonReport(results), null, 2) : formatReport(results));
    process.exitCode = results.every((result) => result.ok) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
