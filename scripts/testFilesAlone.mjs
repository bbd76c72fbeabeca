// Runs test files one by one, each alone in its own `vitest run` process, so a file that passes only after another
// file has loaded something for it (the projects run without isolation: vitest.config.ts) fails here.
// Which files: a sample drawn by a seed, the commit by default, so CI tries a different sample on every commit and a
// failure is repeated with the seed it prints.
//
//   node scripts/testFilesAlone.mjs [--sample N] [--seed S] [--server] [files...]
//
// --sample N  how many files (default: all of them); --seed S  the seed (default: `git rev-parse HEAD`);
// --server    draw from the server tests too (default: the unit and component tests only); files: run these instead.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: options, positionals: named } = parseArgs({
  allowPositionals: true,
  options: { sample: { type: 'string' }, seed: { type: 'string' }, server: { type: 'boolean', default: false } },
});

const TEST_FILE = /\.test\.tsx?$/;
const isServerTest = (file) => file.startsWith('test/server/');

/** The test files under test/, sorted, so a seed draws the same sample on every machine. */
function testFiles() {
  return readdirSync('test', { recursive: true })
    .map((path) => `test/${path.split('\\').join('/')}`)
    .filter((file) => TEST_FILE.test(file) && (options.server || !isServerTest(file)))
    .sort();
}

/** The files in an order drawn by `seed`: sorted by the hash of the seed and the file's name. */
function shuffled(files, seed) {
  const rank = (file) => createHash('sha256').update(`${seed}\0${file}`).digest('hex');
  return files.map((file) => ({ file, rank: rank(file) })).sort((a, b) => a.rank.localeCompare(b.rank)).map(({ file }) => file);
}

function commitHash() {
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  return git.status === 0 ? git.stdout.trim() : 'no-commit';
}

const seed = options.seed ?? commitHash();
const sample = options.sample === undefined ? Infinity : Number(options.sample);
if (!(sample > 0)) throw new Error(`--sample must be a positive number, not ${options.sample}`);
const files = named.length ? named : shuffled(testFiles(), seed).slice(0, sample);

console.log(named.length ? `Test files alone: ${files.length} named` : `Test files alone: ${files.length} drawn with seed ${seed}`);
for (const file of files) console.log(`  ${file}`);

const failed = [];
for (const [index, file] of files.entries()) {
  const started = Date.now();
  const project = isServerTest(file) ? 'server' : 'unit';
  const run = spawnSync('npx', ['vitest', 'run', '--project', project, file], { encoding: 'utf8' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const passed = run.status === 0;
  console.log(`[${index + 1}/${files.length}] ${passed ? 'passed' : 'FAILED'} ${file} (${seconds} s)`);
  if (!passed) {
    failed.push(file);
    console.log(`${run.stdout}${run.stderr}`.trimEnd());
  }
}

console.log(`\n${files.length - failed.length} of ${files.length} files passed alone${seed && !named.length ? ` (seed ${seed})` : ''}`);
if (failed.length) {
  console.log(`Failed alone:\n${failed.map((file) => `  ${file}`).join('\n')}`);
  process.exit(1);
}
