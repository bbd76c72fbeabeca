import type { FastifyPluginAsync } from 'fastify';
import { aclPermissions } from '../../schemas/registry';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { apiError, ApiError, validationError } from '../errors';
import { parseRecordId } from '../merchants/parseIds';
import { hasPermission, loadMembership } from '../merchants/store';
import { assertMemberChangeable, assertNotOwnRole, assertWithinCaller, teamCallerOf } from '../merchants/teamGrants';
import { createRole, deleteRole, lockedRoleOf, moveRoleStaff, rolesOf, staffCountOfRole, updateRole, type AclRoleRow } from '../team/aclRoles';
import { changeInvite, createInvite, invitesOf, isMemberByEmail, lockedInviteOf, removeInvite, type LockedInvite, type StaffInviteRow } from '../team/staffInvites';

const API = 'https://onboarding.local/schemas/api/team.json';
/** What managing staff and roles needs (platform spec section 6). */
const MANAGE_TEAM = 'manage_team_accounts';
const PERMISSION_BY_UUID = new Map(aclPermissions.catalogue.map((permission) => [permission.uuid, permission]));

/** A role as the roles screens read it (spec section 3, ACL role): its permissions with their uuid, title and group. */
const roleOf = (row: AclRoleRow) => ({
  id: Number(row.id),
  uuid: row.uuid,
  name: row.name,
  created_at: new Date(row.created_at).toISOString(),
  staff_invite_count: Number(row.staff_invite_count),
  acl_permissions: aclPermissions.catalogue.filter((permission) => row.permissions.includes(permission.name)),
});
const inviteOf = (row: StaffInviteRow) => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.mobile,
  accepted: row.accepted,
  created_at: new Date(row.created_at).toISOString(),
  role: { id: Number(row.acl_role_id), name: row.role_name },
});

/** A unique-index refusal (a role name or an invited e-mail taken, perhaps by a concurrent call) as the field's message. */
async function uniquely<T>(field: string, text: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (String((error as { code?: string }).code) === '23505' || /duplicate key|unique/i.test(String((error as Error).message))) throw validationError({ [field]: [message(text)] });
    throw error;
  }
}

/**
 * Team accounts (platform spec sections 2, 3, 6, 7): the permission catalogue, a merchant's ACL roles (list, create,
 * edit, delete, move their staff to another role) and its staff invites (list, invite, change role or name, remove).
 * Every call but the catalogue needs manage_team_accounts on the merchant, and a change may only involve roles whose
 * permissions the caller holds all of (server/merchants/teamGrants.ts): no one grants what they lack, changes their own
 * role or entry, or changes the owner's. An invite becomes the invited person's
 * membership when they sign in with that e-mail (server/merchants/store.ts), in the role, whose permissions they then
 * hold as the role holds them.
 */
export const teamRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  /** The merchant, if the caller may manage its team (404 when not theirs, 403 without the permission). */
  const managed = async (db: Queryable, userId: string, merchantId: string, forUpdate = false) => {
    const membership = await loadMembership(db, userId, merchantId, forUpdate);
    if (!hasPermission(membership, MANAGE_TEAM)) throw apiError('FORBIDDEN');
    return membership.record;
  };
  const roleId = (text: string) => {
    const id = parseRecordId(text);
    if (id === null) throw apiError('NOT_FOUND');
    return id;
  };
  /**
   * The merchant, locked, and the caller as it stands once the lock is held: what a change is checked against (a
   * caller hands out, edits or takes staff from only roles within its own permissions, and never changes its own).
   */
  const managing = async (tx: Queryable, userId: string, merchantId: string) => {
    const record = await managed(tx, userId, merchantId, true);
    return { record, caller: await teamCallerOf(tx, userId, record.uuid, MANAGE_TEAM) };
  };
  /** The merchant's role of that id, locked (404 for another merchant's). */
  const ownRole = async (tx: Queryable, merchantUuid: string, id: number | string) => {
    const row = await lockedRoleOf(tx, merchantUuid, id);
    if (!row) throw apiError('NOT_FOUND');
    return row;
  };
  /** The merchant's invite of that id, locked (404 for another merchant's). */
  const ownInvite = async (tx: Queryable, merchantUuid: string, inviteId: number): Promise<LockedInvite> => {
    const invite = await lockedInviteOf(tx, merchantUuid, inviteId);
    if (!invite) throw apiError('NOT_FOUND');
    return invite;
  };
  /** The permission names of the uuids chosen: an unknown uuid is refused. */
  const permissionNames = (uuids: string[]) => {
    const names = uuids.map((uuid) => PERMISSION_BY_UUID.get(uuid)?.name);
    if (names.some((name) => name === undefined)) throw validationError({ acl_permission_uuids: [message('server.team.role.permissionUnknown')] });
    return names as string[];
  };

  app.get('/acl_permissions', async () => ({ acl_permissions: aclPermissions.catalogue, permission_groups: aclPermissions.groups }));

  app.get<{ Params: { id: string } }>('/merchants/:id/acl_roles', async (request) => {
    const record = await managed(db, currentUser(request).userId, request.params.id);
    return { acl_roles: (await rolesOf(db, record.uuid)).map(roleOf) };
  });

  app.post<{ Params: { id: string }; Body: { acl_role: { name: string; acl_permission_uuids: string[] } } }>(
    '/merchants/:id/acl_roles',
    { schema: { body: { $ref: `${API}#/$defs/role` } }, preValidation: trimRoleName },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const { name, acl_permission_uuids } = request.body.acl_role;
      const permissions = permissionNames(acl_permission_uuids);
      const row = await uniquely('name', 'server.team.role.nameTaken', () =>
        db.transaction(async (tx) => {
          const { record, caller } = await managing(tx, userId, request.params.id);
          assertWithinCaller(caller, permissions);
          return createRole(tx, record.uuid, name, permissions);
        }),
      );
      return reply.code(201).send({ acl_role: roleOf(row) });
    },
  );

  app.put<{ Params: { id: string; roleId: string }; Body: { acl_role: { name: string; acl_permission_uuids: string[] } } }>(
    '/merchants/:id/acl_roles/:roleId',
    { schema: { body: { $ref: `${API}#/$defs/role` } }, preValidation: trimRoleName },
    async (request) => {
      const { userId } = currentUser(request);
      const { name, acl_permission_uuids } = request.body.acl_role;
      const permissions = permissionNames(acl_permission_uuids);
      const id = roleId(request.params.roleId);
      const record = await uniquely('name', 'server.team.role.nameTaken', () =>
        db.transaction(async (tx) => {
          const { record: merchant, caller } = await managing(tx, userId, request.params.id);
          const role = await ownRole(tx, merchant.uuid, id);
          assertNotOwnRole(caller, id);
          assertWithinCaller(caller, role.permissions);
          assertWithinCaller(caller, permissions);
          await updateRole(tx, id, name, permissions);
          return merchant;
        }),
      );
      return { acl_role: roleOf((await rolesOf(db, record.uuid)).find((row) => Number(row.id) === id)!) };
    },
  );

  /** Deleting a role: refused while staff hold it (spec section 6), unless they are moved first. */
  app.delete<{ Params: { id: string; roleId: string } }>('/merchants/:id/acl_roles/:roleId', async (request, reply) => {
    const { userId } = currentUser(request);
    const id = roleId(request.params.roleId);
    await db.transaction(async (tx) => {
      const { record: merchant, caller } = await managing(tx, userId, request.params.id);
      assertWithinCaller(caller, (await ownRole(tx, merchant.uuid, id)).permissions);
      const held = await staffCountOfRole(tx, id);
      if (held > 0) throw new ApiError(409, { error: message('server.team.role.hasStaff', { count: held }), code: 'ROLE_HAS_STAFF' });
      await deleteRole(tx, id);
    });
    return reply.code(204).send();
  });

  /** Moves every employee of a role to another role of the merchant (the move-and-delete flow of the roles screen). */
  app.put<{ Params: { id: string; roleId: string; newRoleId: string } }>('/merchants/:id/acl_roles/:roleId/move_assoc_to_new_role/:newRoleId', async (request) => {
    const { userId } = currentUser(request);
    const [from, to] = [roleId(request.params.roleId), roleId(request.params.newRoleId)];
    if (from === to) throw validationError({ newRoleId: [message('server.team.role.moveToSame')] });
    const moved = await db.transaction(async (tx) => {
      const { record: merchant, caller } = await managing(tx, userId, request.params.id);
      const [source, target] = [await ownRole(tx, merchant.uuid, from), await ownRole(tx, merchant.uuid, to)];
      assertNotOwnRole(caller, from);
      assertWithinCaller(caller, source.permissions);
      assertWithinCaller(caller, target.permissions);
      return moveRoleStaff(tx, from, to);
    });
    return { moved };
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/staff_invites', async (request) => {
    const record = await managed(db, currentUser(request).userId, request.params.id);
    return { staff_invites: (await invitesOf(db, record.uuid)).map(inviteOf) };
  });

  app.post<{ Params: { id: string }; Body: { email: string; acl_role_id: number; name: string; mobile?: string | null } }>(
    '/merchants/:id/staff_invites',
    { schema: { body: { $ref: `${API}#/$defs/invite` } } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const { email, acl_role_id, name, mobile } = request.body;
      const id = await uniquely('email', 'server.team.staff.emailTaken', () =>
        db.transaction(async (tx) => {
          const { record: merchant, caller } = await managing(tx, userId, request.params.id);
          assertWithinCaller(caller, (await ownRole(tx, merchant.uuid, acl_role_id)).permissions);
          // Someone who already acts for the merchant (its owner, for one) is not invited again.
          if (await isMemberByEmail(tx, merchant.uuid, email)) throw validationError({ email: [message('server.team.staff.emailTaken')] });
          return createInvite(tx, merchant.uuid, { email: email.trim(), name: name.trim(), mobile: mobile ?? null, aclRoleId: acl_role_id, invitedBy: userId });
        }),
      );
      const record = await managed(db, userId, request.params.id);
      return reply.code(201).send({ staff_invite: inviteOf((await invitesOf(db, record.uuid)).find((row) => row.id === id)!), message: message('server.team.staff.added') });
    },
  );

  app.put<{ Params: { id: string; inviteId: string }; Body: { acl_role_id: number; name: string } }>(
    '/merchants/:id/staff_invites/:inviteId',
    { schema: { body: { $ref: `${API}#/$defs/staffUpdate` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const inviteId = roleId(request.params.inviteId);
      const merchant = await db.transaction(async (tx) => {
        const { record, caller } = await managing(tx, userId, request.params.id);
        const target = await ownRole(tx, record.uuid, request.body.acl_role_id);
        const invite = await ownInvite(tx, record.uuid, inviteId);
        await assertMemberChangeable(tx, caller, invite.user_id, record.uuid);
        assertWithinCaller(caller, (await ownRole(tx, record.uuid, invite.acl_role_id)).permissions);
        assertWithinCaller(caller, target.permissions);
        await changeInvite(tx, record.uuid, inviteId, invite, { aclRoleId: request.body.acl_role_id, name: request.body.name.trim() });
        return record;
      });
      return { staff_invite: inviteOf((await invitesOf(db, merchant.uuid)).find((row) => Number(row.id) === inviteId)!), message: message('server.team.staff.updated') };
    },
  );

  /** Removes an employee: the invite, and their membership of the merchant if they had accepted it (their sessions then see 404). */
  app.delete<{ Params: { id: string; inviteId: string } }>('/merchants/:id/staff_invites/:inviteId', async (request, reply) => {
    const { userId } = currentUser(request);
    const inviteId = roleId(request.params.inviteId);
    await db.transaction(async (tx) => {
      const { record, caller } = await managing(tx, userId, request.params.id);
      const invite = await ownInvite(tx, record.uuid, inviteId);
      await assertMemberChangeable(tx, caller, invite.user_id, record.uuid);
      assertWithinCaller(caller, (await ownRole(tx, record.uuid, invite.acl_role_id)).permissions);
      await removeInvite(tx, record.uuid, inviteId, invite);
    });
    return reply.code(204).send();
  });
};

/** The role name is trimmed before it is checked and stored (platform spec section 5). */
async function trimRoleName(request: { body: unknown }): Promise<void> {
  const role = (request.body as { acl_role?: { name?: unknown } } | null)?.acl_role;
  if (role && typeof role.name === 'string') role.name = role.name.trim();
}
