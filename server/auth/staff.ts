import type { Queryable } from '../db/database';

/** Operations staff roles (server/db/migrations/007_kyc_documents.sql): a staff user is not a merchant. */
export type StaffRole = 'ops_admin' | 'ops_reviewer' | 'ops_viewer';

/** The roles that may review merchants' documents. */
export const REVIEW_ROLES: readonly StaffRole[] = ['ops_admin', 'ops_reviewer'];

/** The user's staff role, or null for anyone who is not staff. */
export async function staffRoleOf(db: Queryable, userId: string): Promise<StaffRole | null> {
  const [row] = await db.query<{ role: StaffRole }>('select role from staff_members where user_id = $1', [userId]);
  return row?.role ?? null;
}
