import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { expiredRowSweeper } from './expiredRowSweeper';
import { sha256 } from './secrets';
import { SIGN_IN_ATTEMPTS } from './signInAttempts';

/** The letters of an unlock code: RFC 4648 base32, no 0, 1, 8 or 9 to misread. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 16 letters of 5 bits: 80 random bits, past guessing even without the unlock call's attempt limit. */
const CODE_LENGTH = 16;

/** How an unlock code is kept: as long as the lock it lifts, used once. */
export const UNLOCK_CODE_POLICY = { length: CODE_LENGTH, ttlMinutes: SIGN_IN_ATTEMPTS.lockMinutes } as const;

const hashOf = (identity: string, code: string) => sha256(`unlock:${identity}:${code}`);
/** A code as typed or pasted: spaces and dashes dropped, letters upper-cased. */
const normalised = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const sweepExpired = expiredRowSweeper('unlock_codes');

/**
 * A new one-use unlock code for an identity whose sign-in was just locked, replacing any earlier one; only its hash
 * is stored. The caller sends it to the identity itself (its e-mail or mobile), never in an answer.
 */
export async function issueUnlockCode(db: Queryable, identity: string): Promise<string> {
  await sweepExpired(db);
  const code = Array.from(randomBytes(CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
  await db.query(
    `insert into unlock_codes (identity, code_hash, window_ends_at) values ($1, $2, now() + make_interval(mins => $3))
     on conflict (identity) do update set code_hash = excluded.code_hash, window_ends_at = excluded.window_ends_at`,
    [identity, hashOf(identity, code), UNLOCK_CODE_POLICY.ttlMinutes],
  );
  return code;
}

/**
 * Uses up an identity's unlock code if `code` is it and it has not expired, in the one statement that checks it, so of
 * concurrent uses one alone succeeds. An identity without a code (unknown, or never locked) is answered as a wrong code.
 */
export async function useUnlockCode(db: Queryable, identity: string, code: string): Promise<boolean> {
  const used = await db.query('delete from unlock_codes where identity = $1 and code_hash = $2 and window_ends_at > now() returning identity', [
    identity,
    hashOf(identity, normalised(code)),
  ]);
  return used.length > 0;
}
