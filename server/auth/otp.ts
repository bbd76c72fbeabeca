import { randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { sha256 } from './secrets';

/** The server-side limits on one-time codes. */
export const OTP_POLICY = {
  length: 4,
  ttlMinutes: 10,
  attempts: 5,
  resendSeconds: 20,
  lockMinutes: 30,
} as const;

/** Outcome of issuing a code: the code, or how long to wait before another may be sent. */
export type IssueResult = { ok: true; code: string } | { ok: false; waitSeconds: number };

/** Outcome of checking a code. `attemptsLeft` is what remains after a wrong one. */
export type CheckResult =
  | { ok: true }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'wrong'; attemptsLeft: number };

const hashOf = (identity: string, purpose: string, code: string) => sha256(`${purpose}:${identity}:${code}`);

/** Issues a new code for an identity and purpose, replacing any earlier unused one. */
export async function issueOtp(db: Queryable, identity: string, purpose: string): Promise<IssueResult> {
  const [recent] = await db.query<{ wait: number }>(
    `select ceil($3 - extract(epoch from now() - created_at))::int as wait from otps
      where identity = $1 and purpose = $2 and created_at > now() - make_interval(secs => $3)
      order by created_at desc limit 1`,
    [identity, purpose, OTP_POLICY.resendSeconds],
  );
  if (recent) return { ok: false, waitSeconds: Math.max(1, recent.wait) };
  const code = String(randomInt(0, 10 ** OTP_POLICY.length)).padStart(OTP_POLICY.length, '0');
  await db.query('update otps set used_at = now() where identity = $1 and purpose = $2 and used_at is null', [identity, purpose]);
  await db.query(
    `insert into otps (id, identity, purpose, code_hash, attempts_left, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [randomUUID(), identity, purpose, hashOf(identity, purpose, code), OTP_POLICY.attempts, OTP_POLICY.ttlMinutes],
  );
  return { ok: true, code };
}

/** Checks a code: a right one is used up; a wrong one costs an attempt; none left ends the code. */
export async function checkOtp(db: Queryable, identity: string, purpose: string, code: string): Promise<CheckResult> {
  const [otp] = await db.query<{ id: string; code_hash: string; attempts_left: number }>(
    `select id, code_hash, attempts_left from otps
      where identity = $1 and purpose = $2 and used_at is null and expires_at > now() and attempts_left > 0
      order by created_at desc limit 1 for update`,
    [identity, purpose],
  );
  if (!otp) return { ok: false, reason: 'expired' };
  if (otp.code_hash === hashOf(identity, purpose, code)) {
    await db.query('update otps set used_at = now() where id = $1', [otp.id]);
    return { ok: true };
  }
  const attemptsLeft = otp.attempts_left - 1;
  await db.query(
    'update otps set attempts_left = $2, used_at = case when $2 = 0 then now() else null end where id = $1',
    [otp.id, attemptsLeft],
  );
  return { ok: false, reason: 'wrong', attemptsLeft };
}
