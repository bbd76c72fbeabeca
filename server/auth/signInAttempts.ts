import type { Queryable } from '../db/database';
import { expiredRowSweeper } from './expiredRowSweeper';

/** The limits on failed sign-in attempts, for each identity and kind of secret. */
export const SIGN_IN_ATTEMPTS = {
  limit: 5,
  /** Failures count together for this long after the first one, across codes. */
  windowMinutes: 30,
  /** How long the last allowed failure locks that kind of sign-in. */
  lockMinutes: 30,
} as const;

/** What an attempt is counted against: password sign-in, or the OTPs of one purpose. */
export type AttemptKind = 'password' | `otp:${string}`;

/** A counted attempt: whether it may go ahead, and how many remain if it fails. */
export interface Attempt {
  allowed: boolean;
  attemptsLeft: number;
}

const sweepExpired = expiredRowSweeper('sign_in_attempts');

/**
 * Counts an attempt BEFORE its secret is checked, in one statement, so concurrent guesses
 * each see their own number: only the first `limit` of a window go ahead.
 */
export async function claimAttempt(db: Queryable, identity: string, kind: AttemptKind): Promise<Attempt> {
  await sweepExpired(db);
  const [row] = await db.query<{ attempts: number }>(
    `insert into sign_in_attempts as a (identity, kind, attempts, window_ends_at)
     values ($1, $2, 1, now() + make_interval(mins => $3))
     on conflict (identity, kind) do update set
       attempts = case when a.window_ends_at <= now() then 1 else least(a.attempts + 1, $4 + 1) end,
       window_ends_at = case when a.window_ends_at <= now() then excluded.window_ends_at else a.window_ends_at end
     returning attempts`,
    [identity, kind, SIGN_IN_ATTEMPTS.windowMinutes, SIGN_IN_ATTEMPTS.limit],
  );
  const attempts = row?.attempts ?? SIGN_IN_ATTEMPTS.limit + 1;
  return { allowed: attempts <= SIGN_IN_ATTEMPTS.limit, attemptsLeft: Math.max(0, SIGN_IN_ATTEMPTS.limit - attempts) };
}

/** Locks a kind of sign-in for an identity: called when the last allowed attempt failed. */
export async function lockAttempts(db: Queryable, identity: string, kind: AttemptKind): Promise<void> {
  await db.query(
    `update sign_in_attempts set attempts = greatest(attempts, $3), window_ends_at = now() + make_interval(mins => $4)
      where identity = $1 and kind = $2`,
    [identity, kind, SIGN_IN_ATTEMPTS.limit, SIGN_IN_ATTEMPTS.lockMinutes],
  );
}

/** Whether a kind of sign-in is locked for an identity (all its attempts of the window used). */
export async function isLocked(db: Queryable, identity: string, kind: AttemptKind): Promise<boolean> {
  const rows = await db.query(
    'select 1 from sign_in_attempts where identity = $1 and kind = $2 and attempts >= $3 and window_ends_at > now()',
    [identity, kind, SIGN_IN_ATTEMPTS.limit],
  );
  return rows.length > 0;
}

/** Forgets the attempts (and any lock) of a kind of sign-in: the identity proved itself. */
export async function clearAttempts(db: Queryable, identity: string, kind: AttemptKind): Promise<void> {
  await db.query('delete from sign_in_attempts where identity = $1 and kind = $2', [identity, kind]);
}
