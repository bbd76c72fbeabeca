import type { Queryable } from '../db/database';

/** A staff invite as the team screens list it: who, in which role, and whether they have signed in to accept it. */
export interface StaffInviteRow {
  id: string;
  email: string;
  name: string;
  mobile: string | null;
  acl_role_id: string;
  role_name: string;
  accepted: boolean;
  created_at: string;
}

/** A staff invite as a change checks it: its member (null until accepted) and the role it holds. */
export interface LockedInvite {
  user_id: string | null;
  acl_role_id: string;
}

/** What an invite says: who is invited, to which role, by whom. */
export interface NewStaffInvite {
  email: string;
  name: string;
  mobile: string | null;
  aclRoleId: number;
  invitedBy: string;
}

/** The merchant's staff invites, oldest first, with their role's name. */
export function invitesOf(db: Queryable, merchantUuid: string): Promise<StaffInviteRow[]> {
  return db.query<StaffInviteRow>(
    `select i.id, i.email, i.name, i.mobile, i.acl_role_id, r.name as role_name, i.user_id is not null as accepted, i.created_at
       from staff_invites i join acl_roles r on r.id = i.acl_role_id where i.merchant_uuid = $1 order by i.created_at, i.id`,
    [merchantUuid],
  );
}

/** Whether someone signed in with that e-mail (any case) already acts for the merchant: its owner, or staff who accepted. */
export async function isMemberByEmail(db: Queryable, merchantUuid: string, email: string): Promise<boolean> {
  const [member] = await db.query('select 1 from memberships ms join users u on u.id = ms.user_id where ms.merchant_uuid = $1 and lower(u.email) = lower($2)', [merchantUuid, email]);
  return member !== undefined;
}

/** Stores an invite of the merchant (an e-mail invited already is the unique index's refusal); answers its id. */
export async function createInvite(tx: Queryable, merchantUuid: string, invite: NewStaffInvite): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'insert into staff_invites (merchant_uuid, email, name, mobile, acl_role_id, invited_by) values ($1, $2, $3, $4, $5, $6) returning id',
    [merchantUuid, invite.email, invite.name, invite.mobile, invite.aclRoleId, invite.invitedBy],
  );
  return row!.id;
}

/** The merchant's invite of that id, its row locked until the transaction ends; null when the merchant has no such invite. */
export async function lockedInviteOf(tx: Queryable, merchantUuid: string, inviteId: number): Promise<LockedInvite | null> {
  const [invite] = await tx.query<LockedInvite>('select user_id, acl_role_id from staff_invites where id = $1 and merchant_uuid = $2 for update', [inviteId, merchantUuid]);
  return invite ?? null;
}

/** Moves an invite to another role and renames it; an accepted invite's member moves with it (never the owner, who has no role). */
export async function changeInvite(tx: Queryable, merchantUuid: string, inviteId: number, invite: LockedInvite, change: { aclRoleId: number; name: string }): Promise<void> {
  await tx.query('update staff_invites set acl_role_id = $2, name = $3 where id = $1', [inviteId, change.aclRoleId, change.name]);
  if (invite.user_id) {
    await tx.query('update memberships set acl_role_id = $3 where user_id = $1 and merchant_uuid = $2 and acl_role_id is not null', [invite.user_id, merchantUuid, change.aclRoleId]);
  }
}

/** Deletes an invite, and its member's membership of the merchant if it was accepted (never the owner's). */
export async function removeInvite(tx: Queryable, merchantUuid: string, inviteId: number, invite: LockedInvite): Promise<void> {
  await tx.query('delete from staff_invites where id = $1', [inviteId]);
  if (invite.user_id) await tx.query('delete from memberships where user_id = $1 and merchant_uuid = $2 and acl_role_id is not null', [invite.user_id, merchantUuid]);
}
