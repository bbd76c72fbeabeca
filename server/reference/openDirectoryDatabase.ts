import { mkdirSync } from 'node:fs';
import type { ServerConfig } from '../config';
import { DataFolderInUseError } from '../db/dataFolderLock';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';

/**
 * The database a command line tool (the IFSC import) works on: the PostgreSQL server of `DATABASE_URL`, else
 * the PGlite data folder the server uses, migrated. A PGlite folder belongs to one process: while the server holds
 * it the tool stops with a message saying to stop the server first.
 */
export async function openDirectoryDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch((error: unknown) => {
    if (!(error instanceof DataFolderInUseError)) throw error;
    const holder = error.owner ? ` (pid ${error.owner.pid} on ${error.owner.host})` : '';
    throw new Error(
      `The PGlite data folder ${error.folder} is open in a running server${holder}. ` +
        'Stop the server first, then run the import again (several processes can share a PostgreSQL server: set DATABASE_URL).',
    );
  });
  await migrate(db);
  return db;
}
