import type { Database } from '../db/database';
import type { JobHandler } from './jobQueue';
import { batchDeleteSql, deleteInBatches, type SweepOptions, type SweepSchedule } from './deleteInBatches';
import { recurringSweepJob } from './recurringSweepJob';

/** The kind of the recurring job that deletes expired rows (queued by server/main.ts as the process starts). */
export const EXPIRED_ROW_SWEEP_JOB = 'expired-rows.sweep';

/**
 * A table whose rows are dead once `column` has passed. `clock` is the clock its own flow compares that column with
 * (the database's `now()`, or the application's clock the code passes in), so the sweep never ends a row earlier than
 * the flow would. `grace` keeps rows that long after they expired.
 */
export interface ExpiringTable {
  table: string;
  column: 'expires_at' | 'window_ends_at';
  clock: 'database' | 'application';
  grace?: string;
}

/** Every table with rows that expire, each with the index on its expiry column (migrations 002, 015, 018, 027). */
export const EXPIRING_TABLES = [
  { table: 'sessions', column: 'expires_at', clock: 'database' },
  { table: 'otps', column: 'expires_at', clock: 'database' },
  { table: 'alternative_tokens', column: 'expires_at', clock: 'application' },
  { table: 'aadhaar_otp_requests', column: 'expires_at', clock: 'application' },
  { table: 'aadhaar_send_limits', column: 'window_ends_at', clock: 'application' },
  // The same day of grace as the deletes of server/oauth/partners.ts.
  { table: 'oauth_codes', column: 'expires_at', clock: 'database', grace: '1 day' },
  { table: 'oauth_access_tokens', column: 'expires_at', clock: 'database', grace: '1 day' },
  { table: 'sign_in_attempts', column: 'window_ends_at', clock: 'database' },
  { table: 'rate_limit_counts', column: 'window_ends_at', clock: 'database' },
  { table: 'unlock_codes', column: 'window_ends_at', clock: 'database' },
] as const satisfies readonly ExpiringTable[];

/** A table of {@link EXPIRING_TABLES}. */
export type ExpiringTableName = (typeof EXPIRING_TABLES)[number]['table'];

/** What a sweep deleted per table it reached, and whether it stopped on its budget with expired rows left. */
export interface SweepResult {
  deleted: Partial<Record<ExpiringTableName, number>>;
  unfinished: boolean;
}

/** The SQL of one batch of a table ({@link batchDeleteSql}): its expired rows. `$2` is the application's time for a table on that clock. */
export function expiredBatchDelete({ table, column, clock, grace }: ExpiringTable): string {
  const now = clock === 'database' ? 'now()' : '$2::timestamptz';
  return batchDeleteSql(table, `${column} < ${grace ? `${now} - interval '${grace}'` : now}`);
}

/**
 * Deletes the expired rows of every table of {@link EXPIRING_TABLES}, `batchSize` rows per statement (each its own
 * transaction, so no lock is held long), table after table until each is clean or the budget is spent.
 * `now` is the application's clock. Rows still valid are never deleted: each row is tested against the clock its own
 * flow reads, in the statement that deletes it.
 */
export function sweepExpiredRows(db: Database, now: Date, options: SweepOptions = {}): Promise<SweepResult> {
  return deleteInBatches(
    db,
    EXPIRING_TABLES.map((expiring) => ({ key: expiring.table, sql: expiredBatchDelete(expiring), params: expiring.clock === 'database' ? [] : [now] })),
    options,
  );
}

/** The handler of {@link EXPIRED_ROW_SWEEP_JOB}: sweeps, then runs again after the interval (soon, if rows are left). */
export function expiredRowSweepJob(db: Database, { intervalMs = 3_600_000, backlogDelayMs, ...options }: SweepSchedule = {}): JobHandler {
  return recurringSweepJob((now) => sweepExpiredRows(db, now, options), { intervalMs, backlogDelayMs });
}
