import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashPassword, verifyPassword } from './secrets';
import { claimAttempt, clearAttempts, lockAttempts } from './signInAttempts';
import { findUserByIdentity, type UserRow } from './users';

/**
 * Outcome of a password sign-in. An unknown identity and an account without a password are
 * answered as a wrong password, so the answer does not tell which accounts exist.
 */
export type PasswordCheck =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  | { ok: false; reason: 'locked'; startedLock: boolean };

/** A hash no password matches: compared when there is no real one, so every answer costs the same scrypt work. */
const HASH_TO_COMPARE_WHEN_NONE = hashPassword(randomUUID());

/**
 * Checks a password for an identity (stored form). The attempt is counted per identity string,
 * known or not, before the hash is compared, so concurrent guesses cannot outrun the limit;
 * the last allowed failure locks password sign-in (only) for the identity.
 */
export async function checkPassword(db: Queryable, identity: string, password: string): Promise<PasswordCheck> {
  const attempt = await claimAttempt(db, identity, 'password');
  if (!attempt.allowed) return { ok: false, reason: 'locked', startedLock: false };
  const user = await findUserByIdentity(db, identity);
  const matches = await verifyPassword(password, user?.password_hash ?? (await HASH_TO_COMPARE_WHEN_NONE));
  if (user?.password_hash && matches) {
    await clearAttempts(db, identity, 'password');
    return { ok: true, user };
  }
  if (attempt.attemptsLeft > 0) return { ok: false, reason: 'wrong', attemptsLeft: attempt.attemptsLeft };
  await lockAttempts(db, identity, 'password');
  return { ok: false, reason: 'locked', startedLock: true };
}
