import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

/** A merchant's ACL role as stored, with how many staff invites hold it. */
export interface AclRoleRow {
  id: string;
  uuid: string;
  name: string;
  permissions: string[];
  created_at: string;
  staff_invite_count: number;
}

/** A role as a change checks it: its name and the permissions it holds. */
export interface LockedRole {
  id: string;
  name: string;
  permissions: string[];
}

/** The merchant's roles, oldest first, each with the number of staff invites in it. */
export function rolesOf(db: Queryable, merchantUuid: string): Promise<AclRoleRow[]> {
  return db.query<AclRoleRow>(
    `select r.id, r.uuid, r.name, r.permissions, r.created_at, (select count(*) from staff_invites i where i.acl_role_id = r.id)::int as staff_invite_count
       from acl_roles r where r.merchant_uuid = $1 order by r.created_at, r.id`,
    [merchantUuid],
  );
}

/** The merchant's role of that id, its row locked until the transaction ends; null when the merchant has no such role. */
export async function lockedRoleOf(tx: Queryable, merchantUuid: string, id: number | string): Promise<LockedRole | null> {
  const [row] = await tx.query<LockedRole>('select id, name, permissions from acl_roles where id = $1 and merchant_uuid = $2 for update', [id, merchantUuid]);
  return row ?? null;
}

/** Creates a role of the merchant (a name taken is the unique index's refusal). */
export async function createRole(tx: Queryable, merchantUuid: string, name: string, permissions: readonly string[]): Promise<AclRoleRow> {
  const [created] = await tx.query<AclRoleRow>(
    'insert into acl_roles (uuid, merchant_uuid, name, permissions) values ($1, $2, $3, $4) returning id, uuid, name, permissions, created_at, 0 as staff_invite_count',
    [randomUUID(), merchantUuid, name, permissions],
  );
  return created!;
}

/** Renames a role and sets its permissions (its members hold them at once: memberships read the role's). */
export async function updateRole(tx: Queryable, id: number, name: string, permissions: readonly string[]): Promise<void> {
  await tx.query('update acl_roles set name = $2, permissions = $3 where id = $1', [id, name, permissions]);
}

/** How many staff invites hold the role. */
export async function staffCountOfRole(tx: Queryable, id: number): Promise<number> {
  const [held] = await tx.query<{ n: number }>('select count(*)::int as n from staff_invites where acl_role_id = $1', [id]);
  return held!.n;
}

/** Deletes the role (the caller has checked no staff hold it). */
export async function deleteRole(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from acl_roles where id = $1', [id]);
}

/** Moves every staff invite and membership of role `from` to role `to`; answers how many invites moved. */
export async function moveRoleStaff(tx: Queryable, from: number, to: number): Promise<number> {
  const invites = await tx.query('update staff_invites set acl_role_id = $2 where acl_role_id = $1 returning id', [from, to]);
  await tx.query('update memberships set acl_role_id = $2 where acl_role_id = $1', [from, to]);
  return invites.length;
}
