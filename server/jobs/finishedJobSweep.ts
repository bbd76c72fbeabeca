import type { Database } from '../db/database';
import type { SweepOptions } from './expiredRowSweep';
import type { JobHandler } from './jobQueue';
import { recurringSweepJob, type RecurringSchedule } from './recurringSweepJob';

/** The kind of the recurring job that deletes finished jobs (queued by server/main.ts as the process starts). */
export const FINISHED_JOB_SWEEP_JOB = 'finished-jobs.sweep';

/** How long the row of a job in a finished state is kept after it finished (its last update). */
export interface FinishedJobRetention {
  state: 'done' | 'failed';
  keptFor: string;
}

/**
 * The finished states of a job (migration 004) and their retention. Nothing reads a finished job: its row is kept
 * only for people looking into what ran. A week covers a done job's questions ("was the deposit sent?"); a failed
 * job's last_error is what explains a merchant's stuck step, often asked about weeks later, so it stays a month.
 * Queued and running jobs (a recurring job's row among them) are never finished, so never deleted.
 */
export const FINISHED_JOB_RETENTION = [
  { state: 'done', keptFor: '7 days' },
  { state: 'failed', keptFor: '30 days' },
] as const satisfies readonly FinishedJobRetention[];

/** What a sweep deleted per finished state it reached, and whether it stopped on its budget with jobs left. */
export interface FinishedJobSweepResult {
  deleted: Partial<Record<FinishedJobRetention['state'], number>>;
  unfinished: boolean;
}

/**
 * The SQL of one batch: locks up to `$1` jobs of the state finished longer than its retention ago (by the database's
 * clock, which stamped updated_at), skipping those a concurrent sweep holds, and deletes them by their row address;
 * answers how many went (`n`). Served by jobs_finished_idx (migration 030).
 */
export function finishedJobBatchDelete({ state, keptFor }: FinishedJobRetention): string {
  return `with gone as (
            delete from jobs where ctid = any(array(
              select ctid from jobs where state = '${state}' and updated_at < now() - interval '${keptFor}' limit $1 for update skip locked))
            returning 1)
          select count(*)::int as n from gone`;
}

/**
 * Deletes the jobs finished longer ago than {@link FINISHED_JOB_RETENTION} says, `batchSize` rows per statement (each
 * its own transaction), state after state until each is clean or the budget is spent.
 */
export async function sweepFinishedJobs(db: Database, { batchSize = 5_000, budgetMs = 20_000 }: SweepOptions = {}): Promise<FinishedJobSweepResult> {
  const started = Date.now();
  const deleted: FinishedJobSweepResult['deleted'] = {};
  for (const retention of FINISHED_JOB_RETENTION) {
    const sql = finishedJobBatchDelete(retention);
    let total = 0;
    for (;;) {
      if (Date.now() - started >= budgetMs) return { deleted, unfinished: true };
      const [row] = await db.query<{ n: number }>(sql, [batchSize]);
      const n = row?.n ?? 0;
      total += n;
      deleted[retention.state] = total;
      if (n < batchSize) break;
    }
  }
  return { deleted, unfinished: false };
}

/** Timing of the recurring sweep of finished jobs (hourly by default, so each run has a small batch to delete). */
export type FinishedJobSweepSchedule = SweepOptions & Partial<RecurringSchedule>;

/** The handler of {@link FINISHED_JOB_SWEEP_JOB}: sweeps, then runs again after the interval (soon, if jobs are left). */
export function finishedJobSweepJob(db: Database, { intervalMs = 3_600_000, backlogDelayMs, ...options }: FinishedJobSweepSchedule = {}): JobHandler {
  return recurringSweepJob(() => sweepFinishedJobs(db, options), { intervalMs, backlogDelayMs });
}
