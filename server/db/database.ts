import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataFolder } from './dataFolderLock';

/** Anything that runs parameterised SQL: the database itself or an open transaction, and which database it is. */
export interface Queryable {
  readonly kind: 'pglite' | 'postgres';
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** An open transaction; work outside the database (an object stored) may ask to be undone should it roll back. */
export interface Transaction extends Queryable {
  /** Runs `undo` after this transaction rolls back (best effort: its failure is ignored); never once it commits. */
  onRollback(undo: () => Promise<void>): void;
}

/** Whether a Queryable is an open transaction (else each statement commits on its own). */
export const isTransaction = (q: Queryable): q is Transaction => 'onRollback' in q;

/** The undo work of a rolled-back transaction, each item on its own (one failing does not stop the others). */
async function undoAll(undo: ReadonlyArray<() => Promise<void>>): Promise<void> {
  await Promise.allSettled(undo.map((work) => work()));
}

/** The application's database: PGlite embedded, or a PostgreSQL server. Same SQL on both. */
export interface Database extends Queryable {
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel` (from any process on the database) until the
   * returned function is called. PostgreSQL: a dedicated connection, reopened after a drop; PGlite: in process.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** PostgreSQL schema to work in (created if missing); lets test runs share one server. */
  schema?: string;
}

/** Opens the database the options describe. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schema) : openPglite(options.dataDir);
}

/** PGlite in memory, or in a data folder this process then holds alone (a second opener is refused, naming the holder). */
async function openPglite(dataDir?: string): Promise<Database> {
  const releaseFolder = dataDir ? await lockDataFolder(dataDir) : async () => {};
  const db = await (dataDir ? PGlite.create(dataDir) : PGlite.create()).catch(async (error: unknown) => {
    await releaseFolder();
    throw error;
  });
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await db.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    listen: (channel, onMessage) => db.listen(channel, onMessage).then((unlisten) => () => unlisten()),
    async transaction<T>(work: (tx: Transaction) => Promise<T>) {
      const undo: Array<() => Promise<void>> = [];
      try {
        return await db.transaction((tx) =>
          work({ kind: 'pglite', query: async <Row>(sql: string, params: unknown[] = []) => (await tx.query<Row>(sql, params)).rows, onRollback: (step) => undo.push(step) }),
        );
      } catch (error) {
        await undoAll(undo);
        throw error;
      }
    },
    async close() {
      await db.close();
      await releaseFolder();
    },
  };
}

async function openPostgres(url: string, schema?: string): Promise<Database> {
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    await setup.query(`create schema if not exists ${schema}`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    kind: 'postgres',
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as Row[];
    },
  });
  return {
    ...asQueryable(pool),
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(work: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      const undo: Array<() => Promise<void>> = [];
      try {
        await client.query('begin');
        const result = await work({ ...asQueryable(client), onRollback: (step) => undo.push(step) });
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } finally {
          await undoAll(undo);
        }
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage) => listenOnPostgres({ connectionString: url, ...(schema ? { options: `-c search_path=${schema}` } : {}) }, channel, onMessage),
    close: () => pool.end(),
  };
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
/** Milliseconds before a dropped LISTEN connection is opened again: one after another, then the last for good. */
const RELISTEN_DELAYS = [100, 500, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work): opened again after a drop, so a
 * restarted database does not silently stop the fan-out. Notifications sent while it was down are lost; listeners
 * that need them read the current state again (the app's socket clients fall back to reading the merchant).
 */
async function listenOnPostgres(settings: pg.ClientConfig, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const openLater = () => {
    if (stopped) return;
    const delay = RELISTEN_DELAYS[Math.min(failures++, RELISTEN_DELAYS.length - 1)];
    retry = setTimeout(() => open().catch(openLater), delay);
  };
  const open = async (): Promise<void> => {
    const next = new pg.Client(settings);
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      openLater();
    };
    next.on('notification', (notification) => {
      if (notification.channel === channel) onMessage(notification.payload ?? '');
    });
    next.on('error', drop);
    next.on('end', drop);
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      dropped = true;
      next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await next.end());
    client = next;
    failures = 0;
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}
