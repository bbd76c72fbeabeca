import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { linkChild } from '../merchants/aggregatorChildren';
import { withAccount } from '../merchants/signingAuthority';
import { createMerchant, newMerchantRecord, type MerchantRecord } from '../merchants/store';
import demoGroups from './demo-groups.json';

interface DemoPerson {
  email: string;
  mobile: string;
  name: string;
}

/** The demo users of the aggregator page and of the merchant switcher, for the start banner and the README. */
export const demoGroupUsers = [demoGroups.aggregator, demoGroups.severalMerchants].map(({ email, stage }) => ({ email, stage }));

async function insertUser(db: Queryable, person: DemoPerson, passwordHash: string) {
  const user = { id: randomUUID(), email: person.email, mobile: person.mobile, name: person.name };
  await db.query('insert into users (id, email, mobile, name, password_hash) values ($1, $2, $3, $4, $5)', [
    user.id,
    user.email,
    user.mobile,
    user.name,
    passwordHash,
  ]);
  return user;
}

/** A merchant owned by `user`, its record merged over a new merchant's (a verified PAN comes with an account, as live). */
function merchantFor(db: Queryable, user: DemoPerson & { id: string }, patch: Record<string, unknown>): Promise<MerchantRecord> {
  return createMerchant(db, user, (uuid, mid) => {
    const record = { ...newMerchantRecord(uuid, mid, user), ...(patch as Partial<MerchantRecord>) };
    return record.pan_verification_status === 'verified' ? withAccount(record) : record;
  });
}

/**
 * Seeds the aggregator (with two child merchants, each owned by a user of its own) and the user who acts for two
 * merchants; part of seedDemoData's transaction.
 */
export async function seedDemoGroups(db: Queryable, passwordHash: string): Promise<void> {
  const { aggregator, severalMerchants } = demoGroups;
  const parent = await merchantFor(db, await insertUser(db, aggregator, passwordHash), aggregator.record);
  for (const child of aggregator.children) {
    const record = await merchantFor(db, await insertUser(db, child, passwordHash), child.record);
    await linkChild(db, parent.uuid, record.uuid);
  }
  const owner = await insertUser(db, severalMerchants, passwordHash);
  for (const merchant of severalMerchants.merchants) await merchantFor(db, owner, merchant.record);
}
