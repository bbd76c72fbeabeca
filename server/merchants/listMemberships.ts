import type { Queryable } from '../db/database';
import type { MerchantRecord } from './store';

/** One merchant a user acts for, and the name of the role they hold there (an ACL role's as it is now, else their own). */
export interface MerchantMembership {
  record: MerchantRecord;
  roleName: string;
}

/** The merchants a user acts for with their role, in the order of listMerchants (oldest first). */
export async function listMemberships(db: Queryable, userId: string): Promise<MerchantMembership[]> {
  const rows = await db.query<{ record: MerchantRecord; role_name: string }>(
    `select m.record, coalesce(r.name, ms.role_name) as role_name
       from memberships ms join merchants m on m.uuid = ms.merchant_uuid
       left join acl_roles r on r.id = ms.acl_role_id
      where ms.user_id = $1 order by ms.created_at, m.mid`,
    [userId],
  );
  return rows.map((row) => ({ record: row.record, roleName: row.role_name }));
}
