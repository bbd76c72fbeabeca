import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { withAccount } from '../merchants/signingAuthority';
import { createMerchant, newMerchantRecord, type MerchantRecord } from '../merchants/store';

/** A demo person as the demo files give them. */
export interface DemoPerson {
  email: string;
  mobile: string;
  name: string;
}

/** Inserts a demo user with the demo password's hash; returns them with their id. */
export async function insertDemoUser(db: Queryable, person: DemoPerson, passwordHash: string): Promise<DemoPerson & { id: string }> {
  const user = { id: randomUUID(), email: person.email, mobile: person.mobile, name: person.name };
  await db.query('insert into users (id, email, mobile, name, password_hash) values ($1, $2, $3, $4, $5)', [user.id, user.email, user.mobile, user.name, passwordHash]);
  return user;
}

/** A merchant owned by `user`, its record merged over a new merchant's (a verified PAN comes with an account, as live). */
export function demoMerchantFor(db: Queryable, user: DemoPerson & { id: string }, patch: Record<string, unknown>): Promise<MerchantRecord> {
  return createMerchant(db, user, (uuid, mid) => {
    const record = { ...newMerchantRecord(uuid, mid, user), ...(patch as Partial<MerchantRecord>) };
    return record.pan_verification_status === 'verified' ? withAccount(record) : record;
  });
}
