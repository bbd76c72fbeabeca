import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Arbitrary constant: serialises migrations when several API nodes start at once. */
const MIGRATION_LOCK = 727001;

const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();

/** The migrations of `server/db/migrations` the database has not applied (all of them on an empty database). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ name: string | null }>(`select to_regclass('schema_migrations')::text as name`);
  const done = new Set(table?.name ? (await db.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name) : []);
  return (await migrationFiles()).filter((file) => !done.has(file));
}

/** Applies every migration of `server/db/migrations` not applied yet, in file-name order. */
export async function migrate(db: Database): Promise<string[]> {
  const files = await migrationFiles();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
    const applied: string[] = [];
    for (const name of files.filter((file) => !done.has(file))) {
      const sql = await readFile(MIGRATIONS_DIR + name, 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}

/** Splits a migration file on the `;` that end its statements (a line's `;` inside a function's `$$ … $$` body does not). */
function splitStatements(sql: string): string[] {
  const text = sql.replace(/--.*$/gm, '');
  const statements: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/\$\$[\s\S]*?\$\$|;\s*(?:\n|$)/g)) {
    if (match[0].startsWith('$$')) continue;
    statements.push(text.slice(start, match.index));
    start = match.index + match[0].length;
  }
  statements.push(text.slice(start));
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
