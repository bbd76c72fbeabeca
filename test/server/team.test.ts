import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclPermissions } from '../../schemas/registry';
import { message } from '../../schemas/messages';
import { permissionUuid, call, patchRecord, signInWithOtp, testApp, VERIFIED_BANK_DETAIL, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());


let count = 0;
/** A new owner and their merchant (PAN verified, so it has an account). */
async function owner() {
  const email = `team.owner.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  return { email, token, uuid };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const createRole = (o: Owner, name: string, permissions: string[]) =>
  call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name, acl_permission_uuids: permissions.map(permissionUuid) } });
const invite = (o: Owner, body: Record<string, unknown>) => call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/staff_invites`, body);

/** An employee invited into a new role holding `permissions`, signed in (by OTP to the invited e-mail). */
async function employee(o: Owner, permissions: string[], label = 'employee') {
  const role = (await createRole(o, `${label} ${++count}`, permissions)).json().acl_role;
  const email = `team.${label}.${count}.${Date.now()}@example.com`;
  const invited = await invite(o, { email, acl_role_id: role.id, name: 'Priya Kapoor' });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await signInWithOtp(t, email);
  return { email, token, role, invite: invited.json().staff_invite };
}
const permissionsOf = async (token: string, mid?: number) =>
  (await call(t, token, 'GET', `/api/v1/oauth/token/info${mid ? `?mid=${mid}` : ''}`)).json().acl_role.acl_permissions.map((permission: { name: string }) => permission.name).sort();

describe('roles', () => {
  it('lists the permission catalogue in the spec seven groups', async () => {
    const o = await owner();
    const { acl_permissions, permission_groups } = (await call(t, o.token, 'GET', '/api/v1/acl_permissions')).json();
    expect(permission_groups).toEqual(['Transaction/Settlements', 'Settings', 'Request Payments', 'Account Activation', 'Integration', 'Manage Staff', 'Approval Flow']);
    expect(acl_permissions.map((permission: { name: string }) => permission.name)).toEqual(aclPermissions.permissions);
    for (const permission of acl_permissions) expect(permission_groups).toContain(permission.permission_group);
  });

  it('creates a role with a trimmed name and chosen permissions, lists and edits it', async () => {
    const o = await owner();
    const created = await createRole(o, '  Accountant  ', ['read_transactions', 'read_settlements']);
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json().acl_role;
    expect(role).toMatchObject({ name: 'Accountant', staff_invite_count: 0 });
    expect(role.acl_permissions.map((permission: { name: string }) => permission.name)).toEqual(['read_transactions', 'read_settlements']);
    const edited = await call(t, o.token, 'PUT', `/api/v1/merchants/${o.uuid}/acl_roles/${role.id}`, { acl_role: { name: 'Accounts', acl_permission_uuids: [permissionUuid('read_settlements')] } });
    expect(edited.json().acl_role).toMatchObject({ id: role.id, name: 'Accounts', acl_permissions: [expect.objectContaining({ name: 'read_settlements' })] });
    expect((await call(t, o.token, 'GET', `/api/v1/merchants/${o.uuid}/acl_roles`)).json().acl_roles).toEqual([expect.objectContaining({ id: role.id, name: 'Accounts' })]);
  });

  it.each([
    ['blank', '   ', 'This field cannot be left blank'],
    ['over 50 characters', 'R'.repeat(51), 'Must be 50 characters or less'],
    ['starting with a symbol', '#admins', 'Role name should contain only alphabets, numbers, spaces and & . _ -'],
  ])('refuses a role name %s', async (_case, name, text) => {
    const o = await owner();
    expect((await createRole(o, name, ['read_transactions'])).json()).toEqual({ errors: { 'acl_role.name': [text] } });
  });

  it('refuses no permission, an unknown permission, and a name taken (any letter case), also by 5 concurrent creations', async () => {
    const o = await owner();
    expect((await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name: 'Empty', acl_permission_uuids: [] } })).json()).toEqual({ errors: { 'acl_role.acl_permission_uuids': ['Choose at least one permission'] } });
    const unknown = await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name: 'Odd', acl_permission_uuids: ['00000000-0000-4000-8000-000000000000'] } });
    expect(unknown.json()).toEqual({ errors: { acl_permission_uuids: ['Choose permissions from the list'] } });
    const burst = await Promise.all(['Developer', 'developer', 'DEVELOPER', 'Developer', ' developer '].map((name) => createRole(o, name, ['manage_credentials'])));
    expect(burst.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const answer of burst.filter((candidate) => candidate.statusCode === 422)) expect(answer.json()).toEqual({ errors: { name: ['A role with this name already exists'] } });
  });

  it("keeps another merchant's roles out of reach", async () => {
    const [a, b] = [await owner(), await owner()];
    const role = (await createRole(a, 'Viewer', ['read_transactions'])).json().acl_role;
    expect((await call(t, b.token, 'PUT', `/api/v1/merchants/${b.uuid}/acl_roles/${role.id}`, { acl_role: { name: 'Mine', acl_permission_uuids: [permissionUuid('read_transactions')] } })).statusCode).toBe(404);
    expect((await call(t, b.token, 'DELETE', `/api/v1/merchants/${b.uuid}/acl_roles/${role.id}`)).statusCode).toBe(404);
    expect((await invite(b, { email: 'x.y@example.com', acl_role_id: role.id, name: 'Xavier' })).statusCode).toBe(404);
    expect((await call(t, b.token, 'GET', `/api/v1/merchants/${a.uuid}/acl_roles`)).statusCode).toBe(404);
    // Malformed role and invite ids are as unknown ones.
    for (const id of ['0x1', '1e0', '-1', '01', '1.0', '99999999999999999999', 'abc']) {
      expect((await call(t, a.token, 'DELETE', `/api/v1/merchants/${a.uuid}/acl_roles/${encodeURIComponent(id)}`)).statusCode, id).toBe(404);
      expect((await call(t, a.token, 'DELETE', `/api/v1/merchants/${a.uuid}/staff_invites/${encodeURIComponent(id)}`)).statusCode, id).toBe(404);
    }
  });
});

describe('staff', () => {
  it('invites an employee who signs in by OTP and holds only the role permissions, as the role holds them now', async () => {
    const o = await owner();
    const e = await employee(o, ['update_profile_restricted', 'basic_permissions'], 'uploader');
    expect(e.invite).toMatchObject({ name: 'Priya Kapoor', email: e.email, phone: null, accepted: false, role: { id: e.role.id } });
    // Signed in: the owner's merchant is theirs to act for, no merchant of their own was made.
    const merchants = (await call(t, e.token, 'GET', '/api/v1/merchants')).json().merchants;
    expect(merchants.map((merchant: { uuid: string }) => merchant.uuid)).toEqual([o.uuid]);
    expect(await permissionsOf(e.token)).toEqual(['basic_permissions', 'update_profile_restricted']);
    expect((await call(t, o.token, 'GET', `/api/v1/merchants/${o.uuid}/staff_invites`)).json().staff_invites).toEqual([expect.objectContaining({ email: e.email, accepted: true })]);
    // The role changes: the employee's permissions follow at once.
    await call(t, o.token, 'PUT', `/api/v1/merchants/${o.uuid}/acl_roles/${e.role.id}`, { acl_role: { name: e.role.name, acl_permission_uuids: [permissionUuid('read_transactions')] } });
    expect(await permissionsOf(e.token)).toEqual(['read_transactions']);
  });

  it('refuses a bad invite with the field messages, an e-mail invited twice and a member invited', async () => {
    const o = await owner();
    const role = (await createRole(o, 'Support', ['basic_permissions'])).json().acl_role;
    expect((await invite(o, { email: 'not-an-email', acl_role_id: role.id, name: 'Asha' })).json()).toEqual({ errors: { email: ['Invalid email'] } });
    expect((await invite(o, { email: 'asha@example.com', name: 'Asha' })).json()).toEqual({ errors: { acl_role_id: ['Please select a role'] } });
    expect((await invite(o, { email: 'asha@example.com', acl_role_id: role.id, name: 'Asha 2' })).json().errors.name).toEqual(['Name should contain only alphabets']);
    expect((await invite(o, { email: 'asha@example.com', acl_role_id: role.id, name: 'Asha' })).statusCode).toBe(201);
    expect((await invite(o, { email: 'ASHA@example.com', acl_role_id: role.id, name: 'Asha' })).json()).toEqual({ errors: { email: ['This e-mail is already invited or a member of the team'] } });
    expect((await invite(o, { email: o.email, acl_role_id: role.id, name: 'Owner' })).json()).toEqual({ errors: { email: ['This e-mail is already invited or a member of the team'] } });
  });

  it('changes an employee role, moves staff before a role is deleted, and removes an employee', async () => {
    const o = await owner();
    const e = await employee(o, ['basic_permissions'], 'clerk');
    const other = (await createRole(o, 'Managers', ['manage_team_accounts'])).json().acl_role;
    const blocked = await call(t, o.token, 'DELETE', `/api/v1/merchants/${o.uuid}/acl_roles/${e.role.id}`);
    expect(blocked.json()).toEqual({ error: message('server.team.role.hasStaff', { count: 1 }), code: 'ROLE_HAS_STAFF' });
    expect((await call(t, o.token, 'PUT', `/api/v1/merchants/${o.uuid}/acl_roles/${e.role.id}/move_assoc_to_new_role/${other.id}`)).json()).toEqual({ moved: 1 });
    expect(await permissionsOf(e.token)).toEqual(['manage_team_accounts']);
    expect((await call(t, o.token, 'DELETE', `/api/v1/merchants/${o.uuid}/acl_roles/${e.role.id}`)).statusCode).toBe(204);
    // Now a manager of the team, the employee still may not change their own entry: the owner moves them to a smaller role.
    const small = (await createRole(o, 'Readers', ['read_transactions'])).json().acl_role;
    expect((await call(t, e.token, 'PUT', `/api/v1/merchants/${o.uuid}/staff_invites/${e.invite.id}`, { acl_role_id: small.id, name: 'Priya K' })).json()).toMatchObject({ code: 'OWN_ROLE_FIXED' });
    const updated = await call(t, o.token, 'PUT', `/api/v1/merchants/${o.uuid}/staff_invites/${e.invite.id}`, { acl_role_id: small.id, name: 'Priya K' });
    expect(updated.json()).toMatchObject({ message: 'Employee updated successfully!', staff_invite: { name: 'Priya K', role: { id: small.id } } });
    expect(await permissionsOf(e.token)).toEqual(['read_transactions']);
    expect((await call(t, o.token, 'DELETE', `/api/v1/merchants/${o.uuid}/staff_invites/${e.invite.id}`)).statusCode).toBe(204);
    expect((await call(t, e.token, 'GET', `/api/v1/merchants/${o.uuid}`)).statusCode).toBe(404);
    // The owner stays the owner.
    expect(await permissionsOf(o.token)).toEqual([...aclPermissions.permissions].sort());
  });
});

describe('the role × endpoint matrix: the server refuses what the role does not hold', () => {
  /** Calls that change the merchant, each with a body the server accepts, and the permission each needs. */
  const CALLS: Array<{ name: string; needs: 'team' | 'profile' | 'owner'; send(token: string, uuid: string, ids: { role: number }): ReturnType<typeof call> }> = [
    { name: 'GET acl_roles', needs: 'team', send: (token, uuid) => call(t, token, 'GET', `/api/v1/merchants/${uuid}/acl_roles`) },
    { name: 'POST acl_roles', needs: 'team', send: (token, uuid) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/acl_roles`, { acl_role: { name: `Role ${++count}`, acl_permission_uuids: [permissionUuid('read_transactions')] } }) },
    { name: 'PUT acl_roles/{id}', needs: 'team', send: (token, uuid, ids) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}/acl_roles/${ids.role}`, { acl_role: { name: `Role ${++count}`, acl_permission_uuids: [permissionUuid('read_transactions')] } }) },
    { name: 'GET staff_invites', needs: 'team', send: (token, uuid) => call(t, token, 'GET', `/api/v1/merchants/${uuid}/staff_invites`) },
    { name: 'POST staff_invites', needs: 'team', send: (token, uuid, ids) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/staff_invites`, { email: `new.${++count}@example.com`, acl_role_id: ids.role, name: 'New Person' }) },
    { name: 'PUT merchants/{id} (business details)', needs: 'profile', send: (token, uuid) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { business_category_id: 2, business_sub_category_id: 201, monthly_expected_volume: '30001-60000' } }) },
    { name: 'PUT addresses', needs: 'profile', send: (token, uuid) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, { Registered: { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' } }) },
    { name: 'POST website_details', needs: 'profile', send: (token, uuid) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/website_details`, { website_detail: { integration_type: 'TOOLS' } }) },
    { name: 'PUT update_gst_details', needs: 'profile', send: (token, uuid) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}/update_gst_details`, { gst_number: '27AAACN4521K1ZI' }) },
    { name: 'POST generate_agreement', needs: 'profile', send: (token, uuid) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/generate_agreement`) },
    { name: 'POST accept_service_agreement', needs: 'owner', send: (token, uuid) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/accept_service_agreement`) },
    { name: 'POST accept_addendum', needs: 'owner', send: (token, uuid) => call(t, token, 'POST', `/api/v1/merchants/${uuid}/accept_addendum`, { source: 'gst' }) },
  ];
  const ROLES = {
    owner: null,
    // The calls hand out read_transactions, which a caller may give only holding it.
    'team manager': ['manage_team_accounts', 'basic_permissions', 'read_transactions'],
    uploader: ['update_profile_restricted', 'basic_permissions'],
    'profile editor': ['update_user_profile'],
    viewer: ['basic_permissions', 'read_transactions', 'read_settlements'],
  } as const;
  const allowed = (role: keyof typeof ROLES, needs: (typeof CALLS)[number]['needs']) => {
    const held: readonly string[] = ROLES[role] ?? aclPermissions.permissions;
    if (needs === 'team') return held.includes('manage_team_accounts');
    if (needs === 'owner') return held.includes('update_user_profile');
    return held.includes('update_user_profile') || held.includes('update_profile_restricted');
  };

  it.each(Object.keys(ROLES) as Array<keyof typeof ROLES>)('as %s: every call the role holds passes the permission check, every other is 403 and changes nothing', async (roleName) => {
    const o = await owner();
    await patchRecord(t, o.uuid, { bank_detail: VERIFIED_BANK_DETAIL, merchant_statuses: [] });
    const ids = { role: (await createRole(o, 'Spare', ['read_transactions'])).json().acl_role.id as number };
    const permissions = ROLES[roleName];
    const token = permissions ? (await employee(o, [...permissions], roleName.replace(' ', '-'))).token : o.token;
    const wrong: string[] = [];
    for (const entry of CALLS) {
      const before = (await t.db.query<{ n: number }>('select count(*)::int as n from merchant_events where merchant_uuid = $1', [o.uuid]))[0]!.n;
      const answer = await entry.send(token, o.uuid, ids);
      const refused = answer.statusCode === 403;
      if (refused === allowed(roleName, entry.needs)) wrong.push(`${entry.name}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
      if (refused) {
        const after = (await t.db.query<{ n: number }>('select count(*)::int as n from merchant_events where merchant_uuid = $1', [o.uuid]))[0]!.n;
        if (after !== before) wrong.push(`${entry.name}: refused but the record changed`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
