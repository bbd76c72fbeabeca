import type { Queryable } from '../db/database';
import { linkChild } from '../merchants/aggregatorChildren';
import demoGroups from './demo-groups.json';
import { demoMerchantFor, insertDemoUser } from './demoOwners';

/** The demo users of the aggregator page and of the merchant switcher, for the start banner and the README. */
export const demoGroupUsers = [demoGroups.aggregator, demoGroups.severalMerchants].map(({ email, stage }) => ({ email, stage }));

/**
 * Seeds the aggregator (with two child merchants, each owned by a user of its own) and the user who acts for two
 * merchants; part of seedDemoData's transaction.
 */
export async function seedDemoGroups(db: Queryable, passwordHash: string): Promise<void> {
  const { aggregator, severalMerchants } = demoGroups;
  const parent = await demoMerchantFor(db, await insertDemoUser(db, aggregator, passwordHash), aggregator.record);
  for (const child of aggregator.children) {
    const record = await demoMerchantFor(db, await insertDemoUser(db, child, passwordHash), child.record);
    await linkChild(db, parent.uuid, record.uuid);
  }
  const owner = await insertDemoUser(db, severalMerchants, passwordHash);
  for (const merchant of severalMerchants.merchants) await demoMerchantFor(db, owner, merchant.record);
}
