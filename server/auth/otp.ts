import { randomInt, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { message } from '../../schemas/messages';
import { ApiError, validationError } from '../errors';
import { sha256 } from './secrets';
import { claimAttempt, clearAttempts, isLocked, lockAttempts, type AttemptKind } from './signInAttempts';

/** The server-side limits on one-time codes (wrong codes are limited by `SIGN_IN_ATTEMPTS`). */
export const OTP_POLICY = {
  length: 4,
  ttlMinutes: 10,
  resendSeconds: 20,
} as const;

/** Outcome of issuing a code: the code, or how long to wait before another may be sent. */
export type IssueResult = { ok: true; code: string } | { ok: false; waitSeconds: number };

/**
 * Outcome of checking a code. `attemptsLeft` is what remains after a wrong one;
 * `startedLock` tells the check that used up the last attempt from those refused after it.
 */
export type CheckResult =
  | { ok: true }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'locked'; startedLock: boolean };

/**
 * The answer to a code of a change's OTP that did not pass (the bank or website change, the agreement's e-sign): a wrong
 * code with the attempts left (the last one said so), too many tries, or an expired or used code. `extra` joins the
 * body (the e-sign's `blocked` flag).
 */
export function otpRefusal(result: Exclude<CheckResult, { ok: true }>, extra: Record<string, unknown> = {}): ApiError {
  if (result.reason === 'wrong') {
    const text = result.attemptsLeft === 1 ? message('auth.otpLastAttempt') : message('auth.otpIncorrect', { attempts: result.attemptsLeft });
    return new ApiError(422, { errors: { code: [text] }, attempts_left: result.attemptsLeft, ...extra });
  }
  if (result.reason === 'locked') return new ApiError(429, { error: message('auth.tooManyRequests'), ...extra, ...('blocked' in extra ? { blocked: true } : {}) });
  return validationError({ code: [message('auth.otpExpired')] });
}

const hashOf = (identity: string, purpose: string, code: string) => sha256(`${purpose}:${identity}:${code}`);

/** What wrong codes of a purpose are counted against, across every code sent. */
export const otpAttempts = (purpose: string): AttemptKind => `otp:${purpose}`;

/** Whether checking (and so sending) codes of a purpose is locked for an identity. */
export function isOtpLocked(db: Queryable, identity: string, purpose: string): Promise<boolean> {
  return isLocked(db, identity, otpAttempts(purpose));
}

/**
 * Issues a new code for an identity and purpose, replacing any earlier unused one, at most one
 * per `resendSeconds`: the check and the insert run under a lock on the identity and purpose.
 */
export function issueOtp(db: Database, identity: string, purpose: string): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`otp:${purpose}:${identity}`]);
    const [recent] = await tx.query<{ wait: number }>(
      `select ceil($3 - extract(epoch from now() - created_at))::int as wait from otps
        where identity = $1 and purpose = $2 and created_at > now() - make_interval(secs => $3)
        order by created_at desc limit 1`,
      [identity, purpose, OTP_POLICY.resendSeconds],
    );
    if (recent) return { ok: false, waitSeconds: Math.max(1, recent.wait) };
    const code = String(randomInt(0, 10 ** OTP_POLICY.length)).padStart(OTP_POLICY.length, '0');
    await tx.query('update otps set used_at = now() where identity = $1 and purpose = $2 and used_at is null', [identity, purpose]);
    await tx.query(
      `insert into otps (id, identity, purpose, code_hash, expires_at) values ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [randomUUID(), identity, purpose, hashOf(identity, purpose, code), OTP_POLICY.ttlMinutes],
    );
    return { ok: true, code };
  });
}

/**
 * Checks a code. A wrong one costs one of the identity's attempts for the purpose (counted
 * before the check, across resends); the last one locks. A right one is used up, in the same
 * statement that checks it, and clears the count. With no live code nothing is counted.
 */
export async function checkOtp(db: Queryable, identity: string, purpose: string, code: string): Promise<CheckResult> {
  const kind = otpAttempts(purpose);
  if (await isLocked(db, identity, kind)) return { ok: false, reason: 'locked', startedLock: false };
  const live = await db.query('select 1 from otps where identity = $1 and purpose = $2 and used_at is null and expires_at > now()', [identity, purpose]);
  if (!live.length) return { ok: false, reason: 'expired' };
  const attempt = await claimAttempt(db, identity, kind);
  if (!attempt.allowed) return { ok: false, reason: 'locked', startedLock: false };
  const used = await db.query(
    `update otps set used_at = now()
      where identity = $1 and purpose = $2 and code_hash = $3 and used_at is null and expires_at > now() returning id`,
    [identity, purpose, hashOf(identity, purpose, code)],
  );
  if (used.length) {
    await clearAttempts(db, identity, kind);
    return { ok: true };
  }
  if (attempt.attemptsLeft > 0) return { ok: false, reason: 'wrong', attemptsLeft: attempt.attemptsLeft };
  await lockAttempts(db, identity, kind);
  return { ok: false, reason: 'locked', startedLock: true };
}
