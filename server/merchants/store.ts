import { randomUUID } from 'node:crypto';
import { aclPermissions } from '../../schemas/registry';
import type { Queryable } from '../db/database';
import { apiError } from '../errors';
import type { UserRow } from '../auth/users';
import newMerchantTemplate from './new-merchant.json';
import { assertMerchantRecord } from './assertRecord';
import { parseMerchantId } from './parseIds';
import { notifyIfActivated } from '../notifications/merchantNotifications';

/** A merchant record as GET /api/v1/merchants/{id} returns it (schemas/records/merchant.json). */
export type MerchantRecord = { uuid: string; mid: number } & Record<string, unknown>;

/** A user's access to one merchant. */
export interface Membership {
  record: MerchantRecord;
  roleName: string;
  permissions: string[];
}

/** The role of the user who created a merchant: all permissions. */
export const OWNER_ROLE = 'Owner';

/** Where a merchant signed up: the product of the host it signed up on, and the app source (Web, AndroidApp, iOSApp, NA). */
export interface SignUpOrigin {
  product: string;
  business_origin: string;
}

/** The record of a merchant that has just signed up: nothing filled yet. */
export function newMerchantRecord(uuid: string, mid: number, user: Pick<UserRow, 'email' | 'mobile' | 'name'>, origin?: SignUpOrigin): MerchantRecord {
  return {
    ...structuredClone(newMerchantTemplate),
    ...origin,
    uuid,
    mid,
    name: user.name,
    email: user.email,
    registered_mobile: user.mobile,
    account_uuid: null,
  };
}

/** Creates a merchant owned by `user` (all permissions) from a record builder; returns its record. */
export async function createMerchant(
  db: Queryable,
  user: Pick<UserRow, 'id' | 'email' | 'mobile' | 'name'>,
  build: (uuid: string, mid: number) => MerchantRecord = (uuid, mid) => newMerchantRecord(uuid, mid, user),
): Promise<MerchantRecord> {
  const uuid = randomUUID();
  const [{ mid } = { mid: 0 }] = await db.query<{ mid: string }>(`select nextval('merchant_mid_seq') as mid`).then((rows) =>
    rows.map((row) => ({ mid: Number(row.mid) })),
  );
  const record = build(uuid, mid);
  assertMerchantRecord(record);
  await db.query('insert into merchants (uuid, mid, record) values ($1, $2, $3)', [uuid, mid, JSON.stringify(record)]);
  await db.query('insert into memberships (user_id, merchant_uuid, role_name, permissions) values ($1, $2, $3, $4)', [
    user.id,
    uuid,
    OWNER_ROLE,
    aclPermissions.permissions,
  ]);
  await recordEvent(db, uuid, user.id, 'merchant.created', {});
  return record;
}

/** Gives a user who acts for no merchant yet a merchant of their own (first sign-in); operations staff get none. */
export async function ensureMerchantFor(db: Queryable, user: UserRow, origin?: SignUpOrigin): Promise<void> {
  await acceptStaffInvites(db, user);
  const [existing] = await db.query('select 1 from memberships where user_id = $1 union all select 1 from staff_members where user_id = $1 limit 1', [user.id]);
  if (!existing) await createMerchant(db, user, (uuid, mid) => newMerchantRecord(uuid, mid, user, origin));
}

/**
 * The invites to the user's e-mail (platform spec section 2, team accounts: the role is assigned once the employee
 * accepts the invitation) become their memberships, in the invite's role, as they sign in with that address proved
 * (an OTP to it, or a password set after one). Invited first, they get no merchant of their own.
 */
async function acceptStaffInvites(db: Queryable, user: UserRow): Promise<void> {
  if (!user.email) return;
  await db.query(
    `insert into memberships (user_id, merchant_uuid, role_name, permissions, acl_role_id)
     select $1, i.merchant_uuid, r.name, '{}', i.acl_role_id
       from staff_invites i join acl_roles r on r.id = i.acl_role_id
      where lower(i.email) = lower($2) and (i.user_id is null or i.user_id = $1)
     on conflict (user_id, merchant_uuid) do nothing`,
    [user.id, user.email],
  );
  await db.query('update staff_invites set user_id = $1 where lower(email) = lower($2) and user_id is null', [user.id, user.email]);
}

/** The merchants a user acts for, oldest first (the app uses the first). */
export async function listMerchants(db: Queryable, userId: string): Promise<MerchantRecord[]> {
  const rows = await db.query<{ record: MerchantRecord }>(
    `select m.record from memberships ms join merchants m on m.uuid = ms.merchant_uuid
      where ms.user_id = $1 order by ms.created_at, m.mid`,
    [userId],
  );
  return rows.map((row) => row.record);
}

/**
 * A merchant by uuid or mid (read strictly by parseMerchantId), with the caller's role. An id that is malformed,
 * unknown or of a merchant the caller does not act for is one and the same 404, so an answer never tells which.
 */
export async function loadMembership(db: Queryable, userId: string, id: unknown, forUpdate = false): Promise<Membership> {
  const key = parseMerchantId(id);
  if (!key) throw apiError('NOT_FOUND');
  // A member in an ACL role holds the role's name and permissions as they are now; the owner, their own.
  const [row] = await db.query<{ record: MerchantRecord; role_name: string; permissions: string[] }>(
    `select m.record, coalesce(r.name, ms.role_name) as role_name, coalesce(r.permissions, ms.permissions) as permissions from merchants m
       join memberships ms on ms.merchant_uuid = m.uuid and ms.user_id = $2
       left join acl_roles r on r.id = ms.acl_role_id
      where ${'uuid' in key ? 'm.uuid = $1::uuid' : 'm.mid = $1::bigint'} ${forUpdate ? 'for update of m' : ''}`,
    ['uuid' in key ? key.uuid : key.mid, userId],
  );
  if (!row) {
    // Operations staff act for no merchant: a merchant's call is refused to them as such, not as a missing merchant.
    const [staff] = await db.query('select 1 from staff_members where user_id = $1', [userId]);
    throw apiError(staff ? 'FORBIDDEN' : 'NOT_FOUND');
  }
  return { record: row.record, roleName: row.role_name, permissions: row.permissions };
}

/** The merchant's record, its row locked until the transaction `tx` ends; null when there is no such merchant. */
export async function lockedRecord(tx: Queryable, merchantUuid: string): Promise<MerchantRecord | null> {
  const [row] = await tx.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1 for update', [merchantUuid]);
  return row?.record ?? null;
}

/** The role and permissions a user holds for a merchant (by mid), or for their first merchant. */
export async function permissionsOf(db: Queryable, userId: string, mid?: unknown): Promise<Membership> {
  if (mid !== undefined && mid !== '') return loadMembership(db, userId, mid);
  const [first] = await listMerchants(db, userId);
  if (!first) throw apiError('NOT_FOUND');
  return loadMembership(db, userId, first.uuid);
}

/** Whether a role holds a permission, by name or by one of its scopes (spec section 6). */
export function hasPermission(membership: Pick<Membership, 'permissions'>, ...wanted: string[]): boolean {
  return wanted.some((name) => membership.permissions.includes(name));
}

/**
 * Stores a new version of a merchant record and an audit event describing the change; the first version with every
 * step completed queues the "account activated" notice (server/notifications).
 */
export async function saveRecord(
  db: Queryable,
  record: MerchantRecord,
  userId: string,
  kind: string,
  detail: Record<string, unknown>,
): Promise<void> {
  assertMerchantRecord(record);
  await db.query('update merchants set record = $2, updated_at = now() where uuid = $1', [record.uuid, JSON.stringify(record)]);
  await recordEvent(db, record.uuid, userId, kind, detail);
  await notifyIfActivated(db, record);
}

async function recordEvent(db: Queryable, merchantUuid: string, userId: string, kind: string, detail: Record<string, unknown>) {
  await db.query('insert into merchant_events (merchant_uuid, user_id, kind, detail) values ($1, $2, $3, $4)', [
    merchantUuid,
    userId,
    kind,
    JSON.stringify(detail),
  ]);
}
