/**
 * Proves that a simple step is data alone (issue 28): copies the tree into a scratch folder, adds the step of
 * test/fixtures/_newStep/<step> there — its JSON files copied into place, JSON Patch `add`s for the entries existing
 * JSON files need — and runs, in the scratch tree, the typecheck, the step's component test on the generic step
 * screen, its server test and its fixtures. Nothing in the folder is TypeScript the product runs: its `checks/` are
 * test files (`*.check.ts(x)`, outside the project's typecheck and test runs), copied under test/ as `*.test.ts(x)`. Usage: `npm run test:new-step [-- <folder>]`. Exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const folder = resolve(ROOT, process.argv[2] ?? 'test/fixtures/_newStep/nominee-details');

type JsonNode = Record<string, unknown> | unknown[];
interface AddOperation {
  op: 'add';
  path: string;
  value: unknown;
}

/** RFC 6902 `add` (the only operation a new step needs): into an object by key, into an array at an index or `-`. */
function applyAdd(document: JsonNode, { path, value }: AddOperation): void {
  const tokens = path.split('/').slice(1).map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens.pop();
  if (last === undefined) throw new Error(`add at the root is not supported (${path})`);
  let parent: unknown = document;
  for (const token of tokens) parent = (parent as Record<string, unknown>)[token];
  if (Array.isArray(parent)) parent.splice(last === '-' ? parent.length : Number(last), 0, value);
  else if (parent && typeof parent === 'object') (parent as Record<string, unknown>)[last] = value;
  else throw new Error(`${path}: no object or array to add into`);
}

/** The files of the working tree a clone would have (tracked and untracked, without what .gitignore leaves out). */
function treeFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  return [...new Set(listed.stdout.split('\0').filter(Boolean))];
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)));
}

function run(name: string, command: string[], cwd: string): boolean {
  const started = Date.now();
  const result = spawnSync(command[0]!, command.slice(1), { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  const ok = result.status === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (!ok) console.log(`${result.stdout}${result.stderr}`.trim().split('\n').slice(-60).join('\n'));
  return ok;
}

const scratch = mkdtempSync(join(tmpdir(), 'new-step-'));
try {
  for (const file of treeFiles()) {
    try {
      cpSync(join(ROOT, file), join(scratch, file));
    } catch (error) {
      // A file deleted in the working tree but still tracked is not there to copy.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');

  const shipped = filesUnder(join(folder, 'files'));
  const notJson = shipped.filter((file) => !file.endsWith('.json'));
  if (notJson.length > 0) throw new Error(`A step of data alone ships JSON only; ${relative(ROOT, folder)}/files holds ${notJson.join(', ')}`);
  for (const file of shipped) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(folder, 'files', file), join(scratch, file));
  }
  const patches = JSON.parse(readFileSync(join(folder, 'patches.json'), 'utf8')) as Record<string, AddOperation[] | string>;
  for (const [file, operations] of Object.entries(patches)) {
    if (file.startsWith('$')) continue;
    if (!file.endsWith('.json')) throw new Error(`patches.json may patch JSON files only, not ${file}`);
    const document = JSON.parse(readFileSync(join(scratch, file), 'utf8')) as JsonNode;
    for (const operation of operations as AddOperation[]) applyAdd(document, operation);
    writeFileSync(join(scratch, file), `${JSON.stringify(document, null, 2)}\n`);
  }
  const checks = filesUnder(join(folder, 'checks'));
  // `x.check.ts(x)` becomes a test file beside the tests it is written as: a server test, or a component test.
  const checkTarget = (file: string) => join(file.endsWith('.tsx') ? 'test/features/onboarding' : 'test/server', file.replace(/\.check\.(tsx?)$/, '.test.$1'));
  for (const file of checks) cpSync(join(folder, 'checks', file), join(scratch, checkTarget(file)));

  console.log(`The step of ${relative(ROOT, folder)} added to a copy of the tree in ${scratch}: ${shipped.length} JSON files, ${Object.keys(patches).filter((file) => !file.startsWith('$')).length} JSON files patched, no TypeScript.`);
  const steps: Array<[string, string[]]> = [
    ['generated sources', ['npx', 'tsx', 'scripts/generateSources.ts']],
    ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
    // One Vitest run for the checks: each goes to its project (component tests to unit, server tests to server).
    [checks.join(', '), ['npx', 'vitest', 'run', ...checks.map(checkTarget)]],
    ['fixtures', ['npx', 'tsx', 'scripts/fixtures.ts', ...shipped.filter((file) => file.startsWith('test/fixtures/'))]],
  ];
  let failed = 0;
  for (const [name, command] of steps) if (!run(name, command, scratch)) failed += 1;
  console.log(`\n${steps.length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
