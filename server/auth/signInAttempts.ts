import type { Queryable } from '../db/database';
import { clientAddressKey } from './clientAddress';
import { expiredRowSweeper } from './expiredRowSweeper';

/** The limits on failed sign-in attempts, for each identity and kind of secret. */
export const SIGN_IN_ATTEMPTS = {
  limit: 5,
  /** Failures count together for this long after the first one, across codes (and for a client address). */
  windowMinutes: 30,
  /** How long the last allowed failure locks that kind of sign-in. */
  lockMinutes: 30,
} as const;

/** What an attempt is counted against: password sign-in, the OTPs of one purpose, or the unlock codes of sign-in locks. */
export type AttemptKind = 'password' | `otp:${string}` | 'unlock';

/** A counted attempt: whether it may go ahead, and how many remain if it fails. */
export interface Attempt {
  allowed: boolean;
  attemptsLeft: number;
}

/** A client address's counted attempt: whether it may go ahead, else how long until its count starts again. */
export interface AddressAttempt {
  allowed: boolean;
  waitSeconds: number;
}

/** The kind under which a client address's failed sign-in attempts are counted (the identity column holds the address). */
const ADDRESS = 'address';

const sweepExpired = expiredRowSweeper('sign_in_attempts');

/**
 * Counts one attempt of `subject` (an identity, or a client address) of a kind in one statement, so concurrent
 * attempts each see their own number; the count stops one past `limit`. A new window starts when the last has ended.
 */
async function countAttempt(db: Queryable, subject: string, kind: string, limit: number): Promise<{ attempts: number; waitSeconds: number }> {
  await sweepExpired(db);
  const [row] = await db.query<{ attempts: number; wait_seconds: number }>(
    `insert into sign_in_attempts as a (identity, kind, attempts, window_ends_at)
     values ($1, $2, 1, now() + make_interval(mins => $3))
     on conflict (identity, kind) do update set
       attempts = case when a.window_ends_at <= now() then 1 else least(a.attempts + 1, $4 + 1) end,
       window_ends_at = case when a.window_ends_at <= now() then excluded.window_ends_at else a.window_ends_at end
     returning attempts, greatest(1, ceil(extract(epoch from window_ends_at - now())))::int as wait_seconds`,
    [subject, kind, SIGN_IN_ATTEMPTS.windowMinutes, limit],
  );
  return { attempts: row?.attempts ?? limit + 1, waitSeconds: row?.wait_seconds ?? SIGN_IN_ATTEMPTS.windowMinutes * 60 };
}

/**
 * Counts an attempt BEFORE its secret is checked, in one statement, so concurrent guesses
 * each see their own number: only the first `limit` of a window go ahead.
 */
export async function claimAttempt(db: Queryable, identity: string, kind: AttemptKind): Promise<Attempt> {
  const { attempts } = await countAttempt(db, identity, kind, SIGN_IN_ATTEMPTS.limit);
  return { allowed: attempts <= SIGN_IN_ATTEMPTS.limit, attemptsLeft: Math.max(0, SIGN_IN_ATTEMPTS.limit - attempts) };
}

/**
 * Counts a sign-in attempt of a client address (request.ip, see clientAddressKey) BEFORE its secret is checked and
 * before the identity's own count, in one statement: once an address has used `limit` attempts in a window, its
 * further ones are refused without reaching any identity, so one address can neither lock many identities nor hammer
 * one. An attempt that was no failure is given back (returnAddressAttempt).
 */
export async function claimAddressAttempt(db: Queryable, ip: string, limit: number): Promise<AddressAttempt> {
  const { attempts, waitSeconds } = await countAttempt(db, clientAddressKey(ip), ADDRESS, limit);
  return { allowed: attempts <= limit, waitSeconds };
}

/**
 * Gives a client address back the attempt it claimed, in one statement: the secret was right, or there was none to
 * check, so an address whose users sign in successfully (a shared NAT) never fills its count.
 */
export async function returnAddressAttempt(db: Queryable, ip: string): Promise<void> {
  await db.query(
    `update sign_in_attempts set attempts = greatest(attempts - 1, 0) where identity = $1 and kind = $2 and window_ends_at > now()`,
    [clientAddressKey(ip), ADDRESS],
  );
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

/** Forgets the attempts (and any lock) of kinds of sign-in: the identity proved itself. */
export async function clearAttempts(db: Queryable, identity: string, ...kinds: AttemptKind[]): Promise<void> {
  await db.query('delete from sign_in_attempts where identity = $1 and kind = any($2::text[])', [identity, kinds]);
}
