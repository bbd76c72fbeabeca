import type { Queryable } from '../db/database';
import { apiError } from '../errors';

/** The caller of a team call as it stands inside the call's transaction: its permissions and ACL role (null: the owner). */
export interface TeamCaller {
  userId: string;
  permissions: string[];
  aclRoleId: string | null;
}

/**
 * The caller's membership of a merchant read again once the call holds the merchant's row lock (so a role changed by a
 * call that held it just before counts): 404 when it has ended, 403 without the permission the team calls need.
 */
export async function teamCallerOf(tx: Queryable, userId: string, merchantUuid: string, needs: string): Promise<TeamCaller> {
  const [row] = await tx.query<{ acl_role_id: string | number | null; permissions: string[] }>(
    `select ms.acl_role_id, coalesce(r.permissions, ms.permissions) as permissions
       from memberships ms left join acl_roles r on r.id = ms.acl_role_id
      where ms.user_id = $1 and ms.merchant_uuid = $2`,
    [userId, merchantUuid],
  );
  if (!row) throw apiError('NOT_FOUND');
  if (!row.permissions.includes(needs)) throw apiError('FORBIDDEN');
  return { userId, permissions: row.permissions, aclRoleId: row.acl_role_id === null ? null : String(row.acl_role_id) };
}

/**
 * Refuses (403) a role the caller does not hold every permission of: one it would create, edit, delete, hand out or
 * take staff from. So no one grants a permission they lack, nor changes the access of someone who holds more.
 */
export function assertWithinCaller(caller: TeamCaller, permissions: readonly string[]): void {
  if (permissions.some((name) => !caller.permissions.includes(name))) throw apiError('PERMISSION_NOT_HELD');
}

/** Refuses (403) a change to the role the caller holds: no one changes their own role, nor moves themselves. */
export function assertNotOwnRole(caller: TeamCaller, roleId: string | number): void {
  if (caller.aclRoleId !== null && caller.aclRoleId === String(roleId)) throw apiError('OWN_ROLE_FIXED');
}

/**
 * Refuses (403) a change to an employee entry whose member is the caller (their own role) or the merchant's owner (a
 * membership without an ACL role, whose permissions are fixed). An invite not yet accepted has no member.
 */
export async function assertMemberChangeable(tx: Queryable, caller: TeamCaller, memberUserId: string | null, merchantUuid: string): Promise<void> {
  if (memberUserId === null) return;
  if (memberUserId === caller.userId) throw apiError('OWN_ROLE_FIXED');
  const [owner] = await tx.query('select 1 from memberships where user_id = $1 and merchant_uuid = $2 and acl_role_id is null', [memberUserId, merchantUuid]);
  if (owner) throw apiError('OWNER_ROLE_FIXED');
}
