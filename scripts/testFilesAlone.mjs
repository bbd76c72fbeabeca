// Runs test files one by one, each alone in its own `vitest run` process, so a file that passes only after another
// file has loaded something for it (the projects run without isolation: vitest.config.ts) fails here.
// Which files: a sample drawn by a seed, the commit by default, so CI tries a different sample on every commit and a
// failure is repeated with the seed it prints.
//
//   node scripts/testFilesAlone.mjs [--sample N] [--seed S] [--server] [--jobs J] [files...]
//
// --sample N  how many files (default: all of them); --seed S  the seed (default: `git rev-parse HEAD`);
// --server    draw from the server tests too (default: the unit and component tests only); files: run these instead;
// --jobs J    how many files run at once, each in its own process (default 2: a file mostly waits on one core).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: options, positionals: named } = parseArgs({
  allowPositionals: true,
  options: { sample: { type: 'string' }, seed: { type: 'string' }, server: { type: 'boolean', default: false }, jobs: { type: 'string', default: '2' } },
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

/** Runs one file alone in its own Vitest process; resolves to whether it passed and its output. */
function runAlone(file) {
  return new Promise((resolve) => {
    const project = isServerTest(file) ? 'server' : 'unit';
    const child = spawn('npx', ['vitest', 'run', '--project', project, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ passed: status === 0, output }));
  });
}

const jobs = Number(options.jobs);
if (!(jobs >= 1)) throw new Error(`--jobs must be at least 1, not ${options.jobs}`);
const failed = [];
let next = 0;
let done = 0;
async function worker() {
  while (next < files.length) {
    const file = files[next++];
    const started = Date.now();
    const { passed, output } = await runAlone(file);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`[${++done}/${files.length}] ${passed ? 'passed' : 'FAILED'} ${file} (${seconds} s)`);
    if (!passed) {
      failed.push(file);
      console.log(output.trimEnd());
    }
  }
}
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, worker));

console.log(`\n${files.length - failed.length} of ${files.length} files passed alone${seed && !named.length ? ` (seed ${seed})` : ''}`);
if (failed.length) {
  console.log(`Failed alone:\n${failed.map((file) => `  ${file}`).join('\n')}`);
  process.exit(1);
}
