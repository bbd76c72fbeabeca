import type { Database, Queryable } from '../db/database';
import { audit, type StoredFixture } from './requirementVersions';

/** The fixtures the console keeps, by name: every version is checked against them before it is published. */
export function storedFixtures(db: Queryable): Promise<StoredFixture[]> {
  return db.query<StoredFixture>('select name, body from requirement_fixtures order by name');
}

/** Stores the fixture (a new one, or in place of the one of that name), written by `userId`, audited. */
export async function saveStoredFixture(db: Database, userId: string, fixture: StoredFixture): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      'insert into requirement_fixtures (name, body, author) values ($1, $2, $3) on conflict (name) do update set body = excluded.body, author = excluded.author',
      [fixture.name, JSON.stringify(fixture.body), userId],
    );
    await audit(tx, userId, 'fixture.saved', { name: fixture.name });
  });
}

/** Deletes the fixture of that name, audited; answers whether there was one. */
export function deleteStoredFixture(db: Database, userId: string, name: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query('delete from requirement_fixtures where name = $1 returning name', [name]);
    if (rows.length) await audit(tx, userId, 'fixture.deleted', { name });
    return rows.length > 0;
  });
}
