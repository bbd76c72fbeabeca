import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { normaliseIdentity } from './identity';

/** A user as the sign-in calls read it. */
export interface UserRow {
  id: string;
  email: string | null;
  mobile: string | null;
  name: string | null;
  password_hash: string | null;
}

const USER_COLUMNS = 'id, email, mobile, name, password_hash';

/** The user with this e-mail address or mobile number, if any. */
export async function findUserByIdentity(db: Queryable, identity: string): Promise<UserRow | null> {
  const { kind, value } = normaliseIdentity(identity);
  const [row] = await db.query<UserRow>(`select ${USER_COLUMNS} from users where ${kind} = $1`, [value]);
  return row ?? null;
}

/** How to reach a user and what to call them, by id; null when there is no such user. */
export async function userContactOf(db: Queryable, userId: string): Promise<Pick<UserRow, 'email' | 'mobile' | 'name'> | null> {
  const [row] = await db.query<Pick<UserRow, 'email' | 'mobile' | 'name'>>('select email, mobile, name from users where id = $1', [userId]);
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
