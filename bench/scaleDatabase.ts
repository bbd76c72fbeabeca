import pg from 'pg';
import { openDatabase, type Database } from '../server/db/database';

/**
 * The database the scale bench grows, on the server of DATABASE_URL: its own, so nothing else is touched
 * (`onboarding_scale`, or the name SCALE_DATABASE gives, so a smaller run can sit beside a big one).
 */
export const SCALE_DATABASE = scaleDatabaseName(process.env.SCALE_DATABASE);

/** The name checked: it goes into `create database` unquoted, so only a plain lower-case identifier. */
function scaleDatabaseName(name: string | undefined): string {
  if (!name) return 'onboarding_scale';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`SCALE_DATABASE must be a lower-case name of letters, digits and _ (got "${name}")`);
  return name;
}

/**
 * Opens the scale bench's database on the server `serverUrl` names, creating it first when it is missing; returns the
 * database and the URL it was opened with (the API under test opens the same).
 */
export async function openScaleDatabase(serverUrl: string): Promise<{ db: Database; url: string; created: boolean }> {
  const url = new URL(serverUrl);
  url.pathname = `/${SCALE_DATABASE}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  let created = false;
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [SCALE_DATABASE]);
    if (!exists.rowCount) {
      await admin.query(`create database ${SCALE_DATABASE}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  return { db: await openDatabase({ url: url.toString() }), url: url.toString(), created };
}
