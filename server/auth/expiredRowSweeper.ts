import type { Queryable } from '../db/database';

/** Tables whose rows only matter until their `window_ends_at`. */
export type WindowedTable = 'sign_in_attempts' | 'rate_limit_counts' | 'unlock_codes';

/**
 * A function that deletes the rows of `table` whose window has passed, at most once per
 * `intervalMs` for each database, so the table holds only live windows.
 */
export function expiredRowSweeper(table: WindowedTable, intervalMs = 60_000): (db: Queryable) => Promise<void> {
  const lastSweepOf = new WeakMap<Queryable, number>();
  return async (db) => {
    const now = Date.now();
    if (now - (lastSweepOf.get(db) ?? -Infinity) < intervalMs) return;
    lastSweepOf.set(db, now);
    await db.query(`delete from ${table} where window_ends_at < now()`);
  };
}
