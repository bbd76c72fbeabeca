import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclPermissions } from '../../../schemas/registry';
import { message } from '../../../schemas/messages';
import { registerPartner } from '../../../server/oauth/partners';
import { testPartner, permissionUuid, call, signInWithOtp, testApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await registerPartner(t.db, PARTNER);
});
afterAll(() => t.close());

const PARTNER = testPartner('escalation-partner', 'Escalation Books');
const EVERY_PERMISSION = aclPermissions.permissions.map(permissionUuid);
/** What the manager of these tests holds: the team, and reading transactions. */
const MANAGER = ['manage_team_accounts', 'basic_permissions', 'read_transactions'];

let count = 0;
const tag = () => `${++count}.${Date.now()}`;

/**
 * An owner's merchant with a role holding every permission ("Admins", no one in it), a manager (an employee in the
 * role "Managers": MANAGER) and a clerk (an employee in "Clerks": basic_permissions), both signed in.
 */
async function team() {
  const ownerEmail = `escalation.owner.${tag()}@example.com`;
  const owner = await signInWithOtp(t, ownerEmail);
  const uuid = (await call(t, owner, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const mid = (await call(t, owner, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant.mid as number;
  const role = async (name: string, permissions: string[]) => {
    const created = await call(t, owner, 'POST', `/api/v1/merchants/${uuid}/acl_roles`, { acl_role: { name, acl_permission_uuids: permissions.map(permissionUuid) } });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().acl_role.id as number;
  };
  const member = async (roleId: number, label: string) => {
    const email = `escalation.${label}.${tag()}@example.com`;
    const invited = await call(t, owner, 'POST', `/api/v1/merchants/${uuid}/staff_invites`, { email, acl_role_id: roleId, name: 'Priya Kapoor' });
    expect(invited.statusCode, invited.body).toBe(201);
    return { token: await signInWithOtp(t, email), inviteId: invited.json().staff_invite.id as number, roleId };
  };
  const admins = await role('Admins', aclPermissions.permissions);
  const managers = await role('Managers', MANAGER);
  const clerks = await role('Clerks', ['basic_permissions']);
  return { owner, ownerEmail, uuid, mid, roles: { admins, managers, clerks }, manager: await member(managers, 'manager'), clerk: await member(clerks, 'clerk') };
}
type Team = Awaited<ReturnType<typeof team>>;

/** What a refused call must leave as it was: the merchant's roles, invites and memberships. */
async function teamState(m: Team) {
  const roles = await t.db.query('select id, name, permissions from acl_roles where merchant_uuid = $1 order by id', [m.uuid]);
  const invites = await t.db.query('select id, email, name, acl_role_id, user_id from staff_invites where merchant_uuid = $1 order by id', [m.uuid]);
  const memberships = await t.db.query('select user_id, role_name, permissions, acl_role_id from memberships where merchant_uuid = $1 order by user_id', [m.uuid]);
  return JSON.stringify({ roles, invites, memberships });
}
const permissionNamesOf = async (token: string, mid: number) =>
  (await call(t, token, 'GET', `/api/v1/oauth/token/info?mid=${mid}`)).json().acl_role.acl_permissions.map((permission: { name: string }) => permission.name).sort();
const authorizePartner = (token: string, mid: number) =>
  call(t, token, 'POST', '/api/v1/oauth/authorize', { client_id: PARTNER.client_id, redirect_uri: PARTNER.redirect_uri, state: 'escalation', consent: true, mid: String(mid) });

const refusal = (code: 'PERMISSION_NOT_HELD' | 'OWN_ROLE_FIXED' | 'OWNER_ROLE_FIXED') => ({
  error: message({ PERMISSION_NOT_HELD: 'server.team.permissionNotHeld', OWN_ROLE_FIXED: 'server.team.ownRoleFixed', OWNER_ROLE_FIXED: 'server.team.ownerRoleFixed' }[code]),
  code,
});

describe('a member with manage_team_accounts cannot grant itself more', () => {
  it('may not edit its own role, even to every permission: the role, its permissions and oauth/authorize stay as they were', async () => {
    const m = await team();
    const before = await teamState(m);
    const edited = await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/acl_roles/${m.roles.managers}`, { acl_role: { name: 'Managers', acl_permission_uuids: EVERY_PERMISSION } });
    expect(edited.statusCode).toBe(403);
    expect(edited.json()).toEqual(refusal('OWN_ROLE_FIXED'));
    // Not even within what it holds (dropping a permission, renaming): its own role is the owner's to change.
    const narrowed = await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/acl_roles/${m.roles.managers}`, { acl_role: { name: 'Leads', acl_permission_uuids: [permissionUuid('manage_team_accounts')] } });
    expect(narrowed.json()).toEqual(refusal('OWN_ROLE_FIXED'));
    expect(await teamState(m)).toBe(before);
    expect(await permissionNamesOf(m.manager.token, m.mid)).toEqual([...MANAGER].sort());
    expect((await authorizePartner(m.manager.token, m.mid)).statusCode).toBe(403);
  });

  it('may not move itself into an all-permission role: not by its own entry, nor by moving its role staff', async () => {
    const m = await team();
    const before = await teamState(m);
    const ownEntry = await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/staff_invites/${m.manager.inviteId}`, { acl_role_id: m.roles.admins, name: 'Priya Kapoor' });
    expect(ownEntry.statusCode).toBe(403);
    expect(ownEntry.json()).toEqual(refusal('OWN_ROLE_FIXED'));
    const moved = await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/acl_roles/${m.roles.managers}/move_assoc_to_new_role/${m.roles.admins}`);
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toEqual(refusal('OWN_ROLE_FIXED'));
    // Into a role within its permissions too: no one changes their own role.
    const spare = (await call(t, m.owner, 'POST', `/api/v1/merchants/${m.uuid}/acl_roles`, { acl_role: { name: 'Readers', acl_permission_uuids: [permissionUuid('read_transactions')] } })).json().acl_role.id as number;
    const before2 = await teamState(m);
    expect((await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/acl_roles/${m.roles.managers}/move_assoc_to_new_role/${spare}`)).json()).toEqual(refusal('OWN_ROLE_FIXED'));
    expect((await call(t, m.manager.token, 'DELETE', `/api/v1/merchants/${m.uuid}/staff_invites/${m.manager.inviteId}`)).json()).toEqual(refusal('OWN_ROLE_FIXED'));
    expect(await teamState(m)).toBe(before2);
    expect(before2).not.toBe(before);
    expect(await permissionNamesOf(m.manager.token, m.mid)).toEqual([...MANAGER].sort());
    expect((await authorizePartner(m.manager.token, m.mid)).statusCode).toBe(403);
  });

  it('may not create, edit or hand out a role with a permission it lacks', async () => {
    const m = await team();
    const before = await teamState(m);
    const asManager = (method: 'POST' | 'PUT', path: string, body: unknown) => call(t, m.manager.token, method, `/api/v1/merchants/${m.uuid}${path}`, body);
    const refused = [
      await asManager('POST', '/acl_roles', { acl_role: { name: 'Everything', acl_permission_uuids: EVERY_PERMISSION } }),
      await asManager('POST', '/acl_roles', { acl_role: { name: 'Partners', acl_permission_uuids: [permissionUuid('manage_thirdparty_access')] } }),
      // Widening a role it does not hold, and giving the clerk's role a permission it lacks.
      await asManager('PUT', `/acl_roles/${m.roles.clerks}`, { acl_role: { name: 'Clerks', acl_permission_uuids: [permissionUuid('basic_permissions'), permissionUuid('manage_thirdparty_access')] } }),
      // Inviting someone into the all-permission role; moving the clerk, or the clerks' role staff, into it.
      await asManager('POST', '/staff_invites', { email: `escalation.alt.${tag()}@example.com`, acl_role_id: m.roles.admins, name: 'Alt Account' }),
      await asManager('PUT', `/staff_invites/${m.clerk.inviteId}`, { acl_role_id: m.roles.admins, name: 'Priya Kapoor' }),
      await asManager('PUT', `/acl_roles/${m.roles.clerks}/move_assoc_to_new_role/${m.roles.admins}`, undefined),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual(refused.map(() => 403));
    for (const answer of refused) expect(answer.json()).toEqual(refusal('PERMISSION_NOT_HELD'));
    expect(await teamState(m)).toBe(before);
    expect(await permissionNamesOf(m.clerk.token, m.mid)).toEqual(['basic_permissions']);
  });

  it('may not change or empty a role holding more than it does (nor delete it), nor move or remove the staff in one', async () => {
    const m = await team();
    const senior = (await call(t, m.owner, 'POST', `/api/v1/merchants/${m.uuid}/staff_invites`, { email: `escalation.senior.${tag()}@example.com`, acl_role_id: m.roles.admins, name: 'Senior Person' })).json().staff_invite.id as number;
    const before = await teamState(m);
    const asManager = (method: 'PUT' | 'DELETE', path: string, body?: unknown) => call(t, m.manager.token, method, `/api/v1/merchants/${m.uuid}${path}`, body);
    const refused = [
      await asManager('PUT', `/acl_roles/${m.roles.admins}`, { acl_role: { name: 'Admins', acl_permission_uuids: [permissionUuid('basic_permissions')] } }),
      await asManager('DELETE', `/acl_roles/${m.roles.admins}`),
      await asManager('PUT', `/acl_roles/${m.roles.admins}/move_assoc_to_new_role/${m.roles.clerks}`),
      await asManager('PUT', `/staff_invites/${senior}`, { acl_role_id: m.roles.clerks, name: 'Senior Person' }),
      await asManager('DELETE', `/staff_invites/${senior}`),
    ];
    expect(refused.map((answer) => answer.json())).toEqual(refused.map(() => refusal('PERMISSION_NOT_HELD')));
    expect(await teamState(m)).toBe(before);
  });

  it("may never change or remove the owner's membership, even through an invite that names the owner", async () => {
    const m = await team();
    // An invite linked to the owner (no call makes one: the owner's e-mail cannot be invited) stands for any path that might.
    const [owner] = await t.db.query<{ user_id: string }>('select user_id from memberships where merchant_uuid = $1 and acl_role_id is null', [m.uuid]);
    const [invite] = await t.db.query<{ id: string }>(
      'insert into staff_invites (merchant_uuid, email, name, acl_role_id, user_id) values ($1, $2, $3, $4, $5) returning id',
      [m.uuid, `escalation.alias.${tag()}@example.com`, 'Owner Alias', m.roles.clerks, owner!.user_id],
    );
    const before = await teamState(m);
    const changed = await call(t, m.manager.token, 'PUT', `/api/v1/merchants/${m.uuid}/staff_invites/${invite!.id}`, { acl_role_id: m.roles.clerks, name: 'Owner Alias' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toEqual(refusal('OWNER_ROLE_FIXED'));
    expect((await call(t, m.owner, 'PUT', `/api/v1/merchants/${m.uuid}/staff_invites/${invite!.id}`, { acl_role_id: m.roles.clerks, name: 'Owner Alias' })).json()).toEqual(refusal('OWN_ROLE_FIXED'));
    expect((await call(t, m.manager.token, 'DELETE', `/api/v1/merchants/${m.uuid}/staff_invites/${invite!.id}`)).json()).toEqual(refusal('OWNER_ROLE_FIXED'));
    expect(await teamState(m)).toBe(before);
    expect(await permissionNamesOf(m.owner, m.mid)).toEqual([...aclPermissions.permissions].sort());
  });

  it('still manages the team within what it holds: creates, hands out, moves and removes', async () => {
    const m = await team();
    const asManager = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => call(t, m.manager.token, method, `/api/v1/merchants/${m.uuid}${path}`, body);
    const created = await asManager('POST', '/acl_roles', { acl_role: { name: 'Readers', acl_permission_uuids: [permissionUuid('read_transactions'), permissionUuid('basic_permissions')] } });
    expect(created.statusCode, created.body).toBe(201);
    const readers = created.json().acl_role.id as number;
    const invited = await asManager('POST', '/staff_invites', { email: `escalation.reader.${tag()}@example.com`, acl_role_id: readers, name: 'New Reader' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await asManager('PUT', `/staff_invites/${m.clerk.inviteId}`, { acl_role_id: readers, name: 'Priya Kapoor' })).statusCode).toBe(200);
    expect(await permissionNamesOf(m.clerk.token, m.mid)).toEqual(['basic_permissions', 'read_transactions']);
    expect((await asManager('PUT', `/acl_roles/${readers}/move_assoc_to_new_role/${m.roles.clerks}`)).json()).toEqual({ moved: 2 });
    expect((await asManager('DELETE', `/acl_roles/${readers}`)).statusCode).toBe(204);
    expect((await asManager('DELETE', `/staff_invites/${m.clerk.inviteId}`)).statusCode).toBe(204);
    expect((await call(t, m.clerk.token, 'GET', `/api/v1/merchants/${m.uuid}`)).statusCode).toBe(404);
  });
});
