import type { JobHandler } from './jobQueue';

/** Timing of a recurring sweep job. */
export interface RecurringSchedule {
  /** Milliseconds from one finished sweep to the next. */
  intervalMs: number;
  /** Milliseconds before a sweep that stopped with work left goes on (other due jobs run first). */
  backlogDelayMs?: number;
}

/** One run of a sweep: whether it stopped with work left (on its budget, or after a full batch). */
export interface SweepRun {
  unfinished: boolean;
}

/**
 * The handler of a recurring job (queued with enqueueRecurringJob) that runs `sweep`, then runs again after the
 * interval, or soon when the sweep left work behind: one process at a time does it, whichever claims the job.
 */
export function recurringSweepJob(sweep: (now: Date) => Promise<SweepRun>, { intervalMs, backlogDelayMs = 1_000 }: RecurringSchedule): JobHandler {
  return async (_job, now) => {
    const { unfinished } = await sweep(now);
    return { runAt: new Date(now.getTime() + (unfinished ? backlogDelayMs : intervalMs)) };
  };
}
