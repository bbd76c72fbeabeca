import type { Queryable } from '../db/database';

/**
 * Queues the one job of a recurring `kind` (its handler answers `{ runAt }` to run again), due at `runAt`, unless
 * one is queued or running already: every process calls it as it starts, and jobs_recurring_idx (migration 027)
 * keeps only the first. Answers whether this call queued it.
 */
export async function enqueueRecurringJob(db: Queryable, kind: string, runAt: Date): Promise<boolean> {
  const rows = await db.query(`insert into jobs (kind, payload, run_at) values ($1, '{"recurring": true}', $2) on conflict do nothing returning id`, [kind, runAt]);
  return rows.length === 1;
}
