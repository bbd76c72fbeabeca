import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/** Who holds a data folder: written beside the lock so a refused start can name the other process. */
interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

/** A data folder that another process already holds. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      `The data folder ${folder} is in use by another process` +
        (owner ? ` (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt})` : '') +
        '. Only one server may open a PGlite data folder at a time: stop the other process first, ' +
        'or give this one another DATA_DIR (or a PostgreSQL server with DATABASE_URL).',
    );
  }
}

/** The lock (a directory, created atomically) and its owner file sit beside the folder: PGlite owns what is inside. */
const lockPathOf = (folder: string) => `${folder}.lock`;
const ownerPathOf = (folder: string) => `${folder}.owner.json`;
/** A lock whose holder stopped refreshing it for this long is stale (the holder died). */
const STALE_MS = 20_000;

function readOwner(folder: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(ownerPathOf(folder), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `owner` is gone (same machine only; another host's pid says nothing). */
function ownerIsGone(owner: LockOwner | null): boolean {
  if (!owner || owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes the exclusive lock of a PGlite data folder for this process, or throws
 * {@link DataFolderInUseError} naming the process that holds it. A lock left by a process
 * that died (kill -9) is taken over at once when its pid is gone, else once it is stale.
 * Resolves to the function that releases the lock.
 */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const folder = resolve(dataDir);
  const options = {
    lockfilePath: lockPathOf(folder),
    stale: STALE_MS,
    retries: 0,
    realpath: false,
    onCompromised: (error: Error) => {
      // Another process took the folder while we held it: writing on would corrupt the database.
      console.error(`Lost the lock of the data folder ${folder}: ${error.message}. Stopping.`);
      process.exit(70);
    },
  };
  const acquire = () => lockfile.lock(folder, options);
  let release: () => Promise<void>;
  try {
    release = await acquire();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(folder);
    if (!ownerIsGone(owner)) throw new DataFolderInUseError(folder, owner);
    rmSync(options.lockfilePath, { recursive: true, force: true });
    release = await acquire().catch((again: NodeJS.ErrnoException) => {
      throw again.code === 'ELOCKED' ? new DataFolderInUseError(folder, readOwner(folder)) : again;
    });
  }
  const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  writeFileSync(ownerPathOf(folder), JSON.stringify(owner));
  return async () => {
    rmSync(ownerPathOf(folder), { force: true });
    await release();
  };
}
