/**
 * `npm run fixtures -- [--json] [--precompiled] [--requirements <version|published>] [files or folders]`: runs rule,
 * validation and definition fixtures (DESIGN.md, "Fixtures"), prints a line per fixture and `N passed, M failed`, and
 * exits 1 on any failure (2 on a usage error). Schemas are validated by Ajv compiling at run time, as the server does;
 * `--precompiled` uses the validators compiled ahead of time instead (`scripts/compile-validators.ts`, the code the
 * browser runs). The document requirements are the repository's files, unless `--requirements` names a version stored
 * by the operations console (or `published`): then the files given run against that version, and without files the
 * console's own fixtures do. It reads the database of DATABASE_URL, or the embedded one in DATA_DIR (data/pglite)
 * while the server is stopped (a running server holds that folder).
 */
import { pathToFileURL } from 'node:url';
import { createFixtureEnvironment, precompiledValidators } from '../rules/fixtures/environment';
import { runFixturePaths } from '../rules/fixtures/files';
import { formatReport, jsonReport } from '../rules/fixtures/report';
import rulesConfig from '../rules/config';
import { writeServerValidators } from './compile-validators';
import { createAjv } from '../schemas/ajv';
import { configFromEnv } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { fixtureFailures, storedRequirements, type StoredFixture } from '../server/documents/requirementVersions';
import type { RulesConfig } from '../rules/types';

const FLAGS = ['--json', '--precompiled'];
const args = process.argv.slice(2);
const json = args.includes('--json');
const precompiled = args.includes('--precompiled');
const requirementsAt = args.indexOf('--requirements');
const requirementsArg = requirementsAt >= 0 ? args[requirementsAt + 1] : undefined;
const paths = args.filter((arg, index) => !FLAGS.includes(arg) && (requirementsAt < 0 || (index !== requirementsAt && index !== requirementsAt + 1)));

/**
 * A stored version of the document requirements (a number, or `published`) and the console's fixtures, read from the
 * database the server uses.
 */
async function storedVersion(which: string): Promise<{ rules: RulesConfig; version: number; fixtures: StoredFixture[]; run(fixtures: StoredFixture[]): ReturnType<typeof fixtureFailures> }> {
  const config = configFromEnv(process.env);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    const ajv = createAjv();
    const source = storedRequirements(db, ajv);
    const version = which === 'published' ? await source.publishedVersion() : /^[1-9][0-9]*$/.test(which) ? Number(which) : NaN;
    const requirements = Number.isNaN(version) ? undefined : await source.version(version);
    if (!requirements) throw new Error(`--requirements ${which}: no such version (a version number, or published)`);
    const fixtures = await db.query<StoredFixture>('select name, body from requirement_fixtures order by name');
    return { rules: requirements.rules, version, fixtures, run: (list) => fixtureFailures(ajv, requirements, list) };
  } finally {
    await db.close();
  }
}

/** The server flavour of the precompiled validators, generated into node_modules/.cache and imported. */
async function loadPrecompiledValidators() {
  const module = (await import(pathToFileURL(writeServerValidators()).href)) as typeof import('virtual:precompiled-validators/server');
  return precompiledValidators(module.validators);
}

if ((!paths.length && requirementsAt < 0) || paths.some((arg) => arg.startsWith('--')) || (requirementsAt >= 0 && !requirementsArg)) {
  console.error('usage: npm run fixtures -- [--json] [--precompiled] [--requirements <version|published>] <fixture files or folders>');
  process.exitCode = 2;
} else {
  try {
    const validators = precompiled ? await loadPrecompiledValidators() : undefined;
    const stored = requirementsArg ? await storedVersion(requirementsArg) : undefined;
    if (stored) console.error(`document requirements: stored version ${stored.version}`);
    const results = stored && !paths.length
      ? stored.fixtures.map((fixture, index) => {
          const failures = stored.run([fixture]).map((failure) => failure.message);
          return { file: 'console fixtures', index, name: fixture.name, kind: 'merchant' as const, ok: !failures.length, failures };
        })
      : runFixturePaths(paths, createFixtureEnvironment(stored?.rules ?? rulesConfig, validators));
    console.log(json ? JSON.stringify(jsonReport(results), null, 2) : formatReport(results));
    process.exitCode = results.every((result) => result.ok) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
