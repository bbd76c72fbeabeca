import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

/** OTP sends a merchant may ask for in one window, the window, guesses per OTP and how long an OTP lasts. */
export const AADHAAR_LIMITS = { sends: 3, windowMinutes: 30, guesses: 3, otpMinutes: 10 } as const;

/**
 * Takes one OTP send for a merchant, in one statement: a new window starts when the last one has ended, else a send
 * left is used. Returns the sends left, or, when none is, how long until the window ends (seconds).
 */
export async function claimAadhaarSend(db: Queryable, merchantUuid: string, now: Date): Promise<{ ok: true; sendsLeft: number } | { ok: false; retryAfterSeconds: number }> {
  const windowEnds = new Date(now.getTime() + AADHAAR_LIMITS.windowMinutes * 60_000);
  const [claimed] = await db.query<{ sends_left: number }>(
    `insert into aadhaar_send_limits as l (merchant_uuid, sends_left, window_ends_at) values ($1, $2, $3)
     on conflict (merchant_uuid) do update set
       sends_left = case when l.window_ends_at <= $4 then $2 else l.sends_left - 1 end,
       window_ends_at = case when l.window_ends_at <= $4 then $3 else l.window_ends_at end
     where l.window_ends_at <= $4 or l.sends_left > 0
     returning sends_left`,
    [merchantUuid, AADHAAR_LIMITS.sends - 1, windowEnds, now],
  );
  if (claimed) return { ok: true, sendsLeft: claimed.sends_left };
  const [limit] = await db.query<{ window_ends_at: Date | string }>('select window_ends_at from aadhaar_send_limits where merchant_uuid = $1', [merchantUuid]);
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((new Date(limit!.window_ends_at).getTime() - now.getTime()) / 1000)) };
}

/** Records an OTP request the provider accepted (the Aadhaar's last 4 digits only). */
export async function recordAadhaarRequest(db: Queryable, merchantUuid: string, aadhaar: string, reference: string, now: Date): Promise<void> {
  await db.query(
    'insert into aadhaar_otp_requests (id, merchant_uuid, aadhaar_last4, reference, attempts_left, expires_at, created_at) values ($1, $2, $3, $4, $5, $6, $7)',
    [randomUUID(), merchantUuid, aadhaar.slice(-4), reference, AADHAAR_LIMITS.guesses, new Date(now.getTime() + AADHAAR_LIMITS.otpMinutes * 60_000), now],
  );
}

/**
 * Takes one guess at the merchant's latest open OTP request for this Aadhaar, in one conditional UPDATE (concurrent
 * guesses cannot pass the cap). Null when there is no open request with a guess left.
 */
export async function claimAadhaarGuess(db: Queryable, merchantUuid: string, aadhaar: string, now: Date): Promise<{ id: string; reference: string; attemptsLeft: number } | null> {
  const [latest] = await db.query<{ id: string }>(
    'select id from aadhaar_otp_requests where merchant_uuid = $1 and verified_at is null order by created_at desc limit 1',
    [merchantUuid],
  );
  if (!latest) return null;
  const [taken] = await db.query<{ id: string; reference: string; attempts_left: number }>(
    `update aadhaar_otp_requests set attempts_left = attempts_left - 1
      where id = $1 and aadhaar_last4 = $2 and verified_at is null and expires_at > $3 and attempts_left > 0
      returning id, reference, attempts_left`,
    [latest.id, aadhaar.slice(-4), now],
  );
  return taken ? { id: taken.id, reference: taken.reference, attemptsLeft: taken.attempts_left } : null;
}

/** Marks a request verified (it cannot be used again). */
export async function markAadhaarVerified(db: Queryable, id: string, now: Date): Promise<void> {
  await db.query('update aadhaar_otp_requests set verified_at = $2 where id = $1', [id, now]);
}
