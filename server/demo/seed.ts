import type { Database } from '../db/database';
import { hashPassword } from '../auth/secrets';
import { randomUUID } from 'node:crypto';
import { startPennyDeposit } from '../penny/pennyDeposits';
import demoMerchants from './demo-merchants.json';
import demoPartners from './demo-partners.json';
import { registerPartner } from '../oauth/partners';
import { seedDemoGroups } from './seedGroups';
import { demoMerchantFor, insertDemoUser } from './demoOwners';

/** The password of every demo user (printed at start; sandbox only). */
export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoUser {
  email: string;
  mobile: string;
  entity: string;
  stage: string;
}

/** The demo users and their merchants' stages, for the start banner and the README. */
export const demoUsers: DemoUser[] = demoMerchants.map(({ email, mobile, entity, stage }) => ({ email, mobile, entity, stage }));

/** The demo operations staff (no merchant of their own): they review documents through the staff calls. */
export const demoStaff = [
  { email: 'ops.admin@example.com', name: 'Ops Admin', role: 'ops_admin' },
  { email: 'ops.reviewer@example.com', name: 'Ops Reviewer', role: 'ops_reviewer' },
] as const;

/** Seeds the demo merchants once: does nothing when any user exists already. */
export async function seedDemoData(db: Database): Promise<boolean> {
  const [anyone] = await db.query('select 1 from users limit 1');
  if (anyone) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const demo of demoMerchants) {
      const record = await demoMerchantFor(tx, await insertDemoUser(tx, demo, passwordHash), demo.record);
      // A test deposit not yet started is real: its job runs once the server is up (the sandbox account decides how).
      const bank = record.bank_detail as { bank_verification_status?: string; penny_deposit_status?: string } | null;
      if (bank?.bank_verification_status === 'pending' && bank.penny_deposit_status === 'NOT_INITIATED') await startPennyDeposit(tx, record, new Date());
    }
    for (const staff of demoStaff) {
      const id = randomUUID();
      await tx.query('insert into users (id, email, name, password_hash) values ($1, $2, $3, $4)', [id, staff.email, staff.name, passwordHash]);
      await tx.query('insert into staff_members (user_id, role) values ($1, $2)', [id, staff.role]);
    }
    // The aggregator with its child merchants, and a user of two merchants (demo-groups.json).
    await seedDemoGroups(tx, passwordHash);
    // The sandbox partner of /oauth/authorize (README: its client_id, secret and redirect_uri).
    for (const partner of demoPartners) await registerPartner(tx, partner);
  });
  return true;
}
