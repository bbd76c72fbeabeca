import type { Database } from '../db/database';
import { batchDeleteSql, deleteInBatches, type SweepOptions, type SweepSchedule } from './deleteInBatches';
import type { JobHandler } from './jobQueue';
import { recurringSweepJob } from './recurringSweepJob';

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
 * The SQL of one batch ({@link batchDeleteSql}): jobs of the state finished longer than its retention ago, by the
 * database's clock, which stamped updated_at. Served by jobs_finished_idx (migration 030).
 */
export function finishedJobBatchDelete({ state, keptFor }: FinishedJobRetention): string {
  return batchDeleteSql('jobs', `state = '${state}' and updated_at < now() - interval '${keptFor}'`);
}

/**
 * Deletes the jobs finished longer ago than {@link FINISHED_JOB_RETENTION} says, `batchSize` rows per statement (each
 * its own transaction), state after state until each is clean or the budget is spent.
 */
export function sweepFinishedJobs(db: Database, options: SweepOptions = {}): Promise<FinishedJobSweepResult> {
  return deleteInBatches(db, FINISHED_JOB_RETENTION.map((retention) => ({ key: retention.state, sql: finishedJobBatchDelete(retention) })), options);
}

/**
 * The handler of {@link FINISHED_JOB_SWEEP_JOB}: sweeps, then runs again after the interval (hourly by default, so each
 * run has a small batch to delete; soon, if jobs are left).
 */
export function finishedJobSweepJob(db: Database, { intervalMs = 3_600_000, backlogDelayMs, ...options }: SweepSchedule = {}): JobHandler {
  return recurringSweepJob(() => sweepFinishedJobs(db, options), { intervalMs, backlogDelayMs });
}
