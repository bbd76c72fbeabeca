import type { Queryable } from '../db/database';
import type { RecurringSchedule } from './recurringSweepJob';

/** Bounds of one sweep. */
export interface SweepOptions {
  /** Rows one statement deletes at most. */
  batchSize?: number;
  /** Milliseconds after which a sweep starts no further batch (well inside the job's lease). */
  budgetMs?: number;
}

/** Timing and bounds of a recurring sweep (hourly by default). */
export type SweepSchedule = SweepOptions & Partial<RecurringSchedule>;

/**
 * The SQL of one batch of a sweep of `table`: locks up to `$1` rows matching `condition` that no one else holds (a
 * concurrent sweep takes others, a flow updating a row keeps it) and deletes them by their row address, a TID scan;
 * answers how many went (`n`).
 */
export function batchDeleteSql(table: string, condition: string): string {
  return `with gone as (
            delete from ${table} where ctid = any(array(
              select ctid from ${table} where ${condition} limit $1 for update skip locked))
            returning 1)
          select count(*)::int as n from gone`;
}

/** A group of rows a sweep deletes: its name in the result, its batch's SQL and the parameters after `$1`. */
export interface SweptGroup<Key extends string> {
  key: Key;
  sql: string;
  params?: readonly unknown[];
}

/**
 * Runs each group's batch (each statement its own transaction, so no lock is held long) until it deletes fewer than
 * `batchSize` rows, group after group, and stops starting batches once `budgetMs` is spent; answers how many rows went
 * per group reached and whether it stopped with rows left.
 */
export async function deleteInBatches<Key extends string>(
  db: Queryable,
  groups: ReadonlyArray<SweptGroup<Key>>,
  { batchSize = 5_000, budgetMs = 20_000 }: SweepOptions = {},
): Promise<{ deleted: Partial<Record<Key, number>>; unfinished: boolean }> {
  const started = Date.now();
  const deleted: Partial<Record<Key, number>> = {};
  for (const group of groups) {
    let total = 0;
    for (;;) {
      if (Date.now() - started >= budgetMs) return { deleted, unfinished: true };
      const [row] = await db.query<{ n: number }>(group.sql, [batchSize, ...(group.params ?? [])]);
      const n = row?.n ?? 0;
      total += n;
      deleted[group.key] = total;
      if (n < batchSize) break;
    }
  }
  return { deleted, unfinished: false };
}
