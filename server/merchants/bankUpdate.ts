import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { BankUpdatePolicy } from '../config';
import { sha256 } from '../auth/secrets';

/** How long the token a verified OTP gives stays usable, in seconds. */
export const ALTERNATIVE_TOKEN_TTL_SECONDS = 10 * 60;

/** Issues a one-use token for `scope` on one merchant, to the user who proved themselves by OTP; returns the token. */
export async function issueAlternativeToken(db: Queryable, userId: string, merchantUuid: string, scope: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ALTERNATIVE_TOKEN_TTL_SECONDS * 1000);
  await db.query('insert into alternative_tokens (token_hash, user_id, merchant_uuid, scope, expires_at) values ($1, $2, $3, $4, $5)', [
    sha256(token),
    userId,
    merchantUuid,
    scope,
    expiresAt,
  ]);
  return token;
}

/**
 * Uses up a token for `scope` on `merchantUuid` by `userId`, in one conditional UPDATE: true once, for an unexpired,
 * unused token of that user, merchant and scope; false for anything else (so two requests cannot both use it).
 */
export async function useAlternativeToken(db: Queryable, token: string, userId: string, merchantUuid: string, scope: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update alternative_tokens set used_at = $5
      where token_hash = $1 and user_id = $2 and merchant_uuid = $3 and scope = $4 and used_at is null and expires_at > $5
      returning token_hash`,
    [sha256(token), userId, merchantUuid, scope, now],
  );
  return rows.length === 1;
}

/** A merchant's bank-update allowance (onboarding spec section 3, bank update timing). */
export interface BankUpdateTiming {
  updateAttemptsLeft: number;
  nextUpdateTime: string | null;
  lastCreatedTime: string | null;
}

/** The timing as stored, or the full allowance of a merchant that never changed its bank details. */
export async function bankUpdateTiming(db: Queryable, merchantUuid: string, policy: BankUpdatePolicy): Promise<BankUpdateTiming> {
  const [row] = await db.query<LimitRow>('select attempts_left, last_created_at, next_allowed_at from bank_update_limits where merchant_uuid = $1', [merchantUuid]);
  return row ? timingOf(row) : { updateAttemptsLeft: policy.attempts, nextUpdateTime: null, lastCreatedTime: null };
}

/**
 * Takes one bank update in a single conditional UPDATE (attempts left, and the gap since the last one passed), so
 * concurrent updates cannot pass the cap or the gap. Returns the timing after it, or why it was refused.
 */
export async function claimBankUpdate(
  db: Queryable,
  merchantUuid: string,
  policy: BankUpdatePolicy,
  now: Date,
): Promise<{ ok: true; timing: BankUpdateTiming } | { ok: false; reason: 'exhausted' | 'tooSoon'; timing: BankUpdateTiming }> {
  await db.query('insert into bank_update_limits (merchant_uuid, attempts_left) values ($1, $2) on conflict (merchant_uuid) do nothing', [merchantUuid, policy.attempts]);
  const next = new Date(now.getTime() + policy.gapHours * 3600 * 1000);
  const [claimed] = await db.query<LimitRow>(
    `update bank_update_limits set attempts_left = attempts_left - 1, last_created_at = $2, next_allowed_at = $3
      where merchant_uuid = $1 and attempts_left > 0 and (next_allowed_at is null or next_allowed_at <= $2)
      returning attempts_left, last_created_at, next_allowed_at`,
    [merchantUuid, now, next],
  );
  if (claimed) return { ok: true, timing: timingOf(claimed) };
  const timing = await bankUpdateTiming(db, merchantUuid, policy);
  return { ok: false, reason: timing.updateAttemptsLeft === 0 ? 'exhausted' : 'tooSoon', timing };
}

interface LimitRow {
  attempts_left: number;
  last_created_at: Date | string | null;
  next_allowed_at: Date | string | null;
}

function timingOf(row: LimitRow): BankUpdateTiming {
  return {
    updateAttemptsLeft: row.attempts_left,
    nextUpdateTime: row.next_allowed_at ? new Date(row.next_allowed_at).toISOString() : null,
    lastCreatedTime: row.last_created_at ? new Date(row.last_created_at).toISOString() : null,
  };
}
