import type { Queryable } from '../db/database';
import { newToken, sha256 } from './secrets';

/** Token data as the sign-in calls answer it (onboarding spec section 3, Token data). */
export interface TokenData {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user_uuid: string;
}

/** Starts a session for a user and returns its bearer token; only the token's hash is stored. */
export async function createSession(db: Queryable, userId: string, ttlSeconds: number, source = 'NA'): Promise<TokenData> {
  const token = newToken();
  await db.query(
    `insert into sessions (token_hash, user_id, source, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [sha256(token), userId, source, ttlSeconds],
  );
  return { access_token: token, token_type: 'Bearer', expires_in: ttlSeconds, user_uuid: userId };
}

/** The signed-in user of a bearer token, or null when the token is unknown or expired. */
export async function userOfToken(db: Queryable, token: string): Promise<{ userId: string; expiresIn: number } | null> {
  const [row] = await db.query<{ user_id: string; expires_in: number }>(
    `select user_id, extract(epoch from expires_at - now())::int as expires_in
       from sessions where token_hash = $1 and expires_at > now()`,
    [sha256(token)],
  );
  return row ? { userId: row.user_id, expiresIn: row.expires_in } : null;
}

/** Ends the session of a bearer token. */
export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [sha256(token)]);
}

/** Ends every session of a user: logout everywhere, or a new password (a sign-in lock leaves them alone). */
export async function endSessionsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from sessions where user_id = $1', [userId]);
}
