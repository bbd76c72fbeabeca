import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { normaliseIdentity } from './identity';

export interface UserRow {
  id: string;
  email: string | null;
  mobile: string | null;
  name: string | null;
  password_hash: string | null;
  failed_password_attempts: number;
  locked: boolean;
}

const USER_COLUMNS = `id, email, mobile, name, password_hash, failed_password_attempts,
  coalesce(locked_until > now(), false) as locked`;

/** The user with this e-mail address or mobile number, if any. */
export async function findUserByIdentity(db: Queryable, identity: string): Promise<UserRow | null> {
  const { kind, value } = normaliseIdentity(identity);
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where ${kind} = $1`, [value]);
  return row ?? null;
}

/** The user with this identity, created (without a password) when new: sign-up by OTP. */
export async function findOrCreateUser(db: Queryable, identity: string): Promise<UserRow> {
  const { kind, value } = normaliseIdentity(identity);
  await db.query(`insert into users (id, ${kind}) values ($1, $2) on conflict (${kind}) do nothing`, [randomUUID(), value]);
  const user = await findUserByIdentity(db, identity);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/** Locks a user out of signing in for a while (too many wrong codes or passwords). */
export async function lockUser(db: Queryable, userId: string, minutes: number): Promise<void> {
  await db.query(
    `update users set locked_until = now() + make_interval(mins => $2), failed_password_attempts = 0 where id = $1`,
    [userId, minutes],
  );
}
