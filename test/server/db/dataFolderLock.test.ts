import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from '../../../server/db/dataFolderLock';
import { openDatabase, type Database } from '../../../server/db/database';

const opened: Database[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  for (const folder of folders.splice(0)) rmSync(join(folder, '..'), { recursive: true, force: true });
});

function emptyFolder(): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'onboarding-lock-')), 'pglite');
  mkdirSync(folder);
  return folder;
}

/** A data folder PGlite has set up once (initdb on an empty folder takes seconds), copied for each test that opens one. */
let setUpFolder: string;
beforeAll(async () => {
  setUpFolder = emptyFolder();
  await (await openDatabase({ dataDir: setUpFolder })).close();
});
afterAll(() => rmSync(join(setUpFolder, '..'), { recursive: true, force: true }));

/** A data folder of its own for one test: empty, or a copy of the set-up one. */
function newDataDir({ setUp = false } = {}): string {
  const folder = emptyFolder();
  if (setUp) cpSync(setUpFolder, folder, { recursive: true });
  folders.push(folder);
  return folder;
}

/** Runs the real server entry point on a data folder and resolves with how it ended. */
function startServer(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // Only a guard against a hang: a busy machine may take long to start it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('one PGlite data folder, one server', () => {
  it('refuses a second opener at once, naming the folder and the holder, while the first keeps working', async () => {
    const dataDir = newDataDir({ setUp: true });
    const first = await openDatabase({ dataDir });
    opened.push(first);
    await first.exec('create table notes (id int primary key, body text)');

    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
    await expect(second).rejects.toThrow(`The data folder ${dataDir} is in use by another process (pid ${process.pid} on ${hostname()}`);

    await first.query('insert into notes values (1, $1)', ['still mine']);
    expect(await first.query('select body from notes')).toEqual([{ body: 'still mine' }]);
  });

  it('stops a second server process with the message, exit code 1', async () => {
    const dataDir = newDataDir();
    // Holding the lock is what makes the folder in use (the test above shows openDatabase takes it); no PGlite needed.
    const release = await lockDataFolder(dataDir);
    const { code, output } = await startServer(dataDir).finally(release);
    expect(code).toBe(1);
    expect(output).toContain(`The data folder ${dataDir} is in use by another process (pid ${process.pid}`);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('frees the folder on close, so the next opener gets it', async () => {
    const dataDir = newDataDir({ setUp: true });
    const first = await openDatabase({ dataDir });
    await first.close();
    const next = await openDatabase({ dataDir });
    opened.push(next);
    expect(await next.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('takes over the lock of a process that died without releasing it (kill -9)', async () => {
    const dataDir = newDataDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(`${dataDir}.lock`);
    writeFileSync(`${dataDir}.owner.json`, JSON.stringify({ pid: Number(dead.stdout), host: hostname(), startedAt: new Date().toISOString() }));
    const release = await lockDataFolder(dataDir);
    await release();
  });
});
