import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import type { Clock } from './clock';

/** A job as its handler sees it. */
export interface Job<Payload = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: Payload;
  /** Claims since the job last made progress, this one included. */
  attempts: number;
}

/** What a handler's run decided: the job is finished, or it runs again at `runAt` (its next state change). */
export type JobOutcome = { done: true } | { runAt: Date };

/** Runs one step of a job of its kind; throwing retries it later (see {@link JobRunnerOptions.retryDelaysMs}). */
export type JobHandler = (job: Job, now: Date) => Promise<JobOutcome>;

/** Puts a job on the queue, due at `runAt`, inside the caller's transaction: it exists only if that work commits. */
export async function enqueueJob(db: Queryable, kind: string, payload: Record<string, unknown>, runAt: Date): Promise<number> {
  const [row] = await db.query<{ id: string }>('insert into jobs (kind, payload, run_at) values ($1, $2, $3) returning id', [kind, JSON.stringify(payload), runAt]);
  return Number(row!.id);
}

export interface JobRunnerOptions {
  clock: Clock;
  /** Milliseconds between looks for due jobs; 0: only when {@link JobRunner.runDue} is called (tests). */
  pollIntervalMs: number;
  /** How long a claim holds a job; a runner that died mid-run loses it after this. */
  leaseMs?: number;
  /** Delays before a failed job runs again, one per failure; after the last, the job is marked failed. */
  retryDelaysMs?: readonly number[];
  /** Told about a failed run (the server logs it). */
  onError?(job: Job, error: unknown): void;
}

/** Runs due jobs of the database: one at a time per process, each claimed by exactly one process. */
export interface JobRunner {
  /** Recovers overdue jobs (a process stopped mid-run) at once, then polls if it has an interval. */
  start(): Promise<void>;
  /** Runs every job due now, one after another; resolves with how many ran. */
  runDue(): Promise<number>;
  /** Stops polling and waits for the job running now. */
  stop(): Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

/**
 * A job runner on the `jobs` table (migration 004). A job is claimed with one statement,
 * `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING`, which gives it a lease: another process
 * polling at the same moment skips it, and a job whose runner died is claimed again once its lease has passed.
 * A step's result is written only while the lease is still this claim's. The same SQL runs on PGlite (one connection).
 */
export function createJobRunner(db: Database, handlers: Readonly<Record<string, JobHandler>>, options: JobRunnerOptions): JobRunner {
  const { clock, pollIntervalMs, leaseMs = 60_000, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let draining: Promise<number> | null = null;

  const claim = async (): Promise<(Job & { lease: string }) | null> => {
    const now = clock.now();
    const [row] = await db.query<{ id: string; kind: string; payload: Record<string, unknown>; attempts: number; lease: string }>(
      `update jobs set state = 'running', lease = $3, locked_until = $2, attempts = attempts + 1, updated_at = now()
        where id = (
          select id from jobs
           where (state = 'queued' and run_at <= $1) or (state = 'running' and locked_until <= $1)
           order by run_at, id
           limit 1
           for update skip locked)
       returning id, kind, payload, attempts, lease`,
      [now, new Date(now.getTime() + leaseMs), randomUUID()],
    );
    return row ? { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: row.attempts, lease: row.lease } : null;
  };

  const finish = (job: Job & { lease: string }, set: string, params: unknown[]) =>
    db.query(`update jobs set ${set}, lease = null, locked_until = null, updated_at = now() where id = $1 and lease = $2`, [job.id, job.lease, ...params]);

  const runOne = async (): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const outcome = await handler(job, clock.now());
      if ('done' in outcome) await finish(job, `state = 'done', attempts = 0, last_error = null`, []);
      else await finish(job, `state = 'queued', run_at = $3, attempts = 0, last_error = null`, [outcome.runAt]);
    } catch (error) {
      options.onError?.(job, error);
      const delay = retryDelaysMs[job.attempts - 1];
      const text = error instanceof Error ? error.message : String(error);
      if (delay === undefined) await finish(job, `state = 'failed', last_error = $3`, [text]);
      else await finish(job, `state = 'queued', run_at = $3, last_error = $4`, [new Date(clock.now().getTime() + delay), text]);
    }
    return true;
  };

  const runDue = (): Promise<number> => {
    // One drain at a time in this process: a poll that fires during a drain joins it.
    draining ??= (async () => {
      let ran = 0;
      try {
        while (!stopped && (await runOne())) ran += 1;
      } finally {
        draining = null;
      }
      return ran;
    })();
    return draining;
  };

  const poll = () => {
    if (stopped || pollIntervalMs <= 0) return;
    timer = setTimeout(() => {
      runDue()
        .catch((error: unknown) => options.onError?.({ id: 0, kind: 'poll', payload: {}, attempts: 0 }, error))
        .finally(poll);
    }, pollIntervalMs);
    timer.unref();
  };

  return {
    async start() {
      stopped = false;
      // A database not ready yet (migrations pending) is reported, not thrown: the next poll tries again.
      await runDue().catch((error: unknown) => options.onError?.({ id: 0, kind: 'start', payload: {}, attempts: 0 }, error));
      poll();
    },
    runDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await draining?.catch(() => undefined);
    },
  };
}
