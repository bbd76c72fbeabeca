import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { aclPermissions } from '../../../schemas/registry';
import { createSession, userOfToken } from '../../../server/auth/sessions';
import type { StaffRole } from '../../../server/auth/staff';
import { registerPartner } from '../../../server/oauth/partners';
import { testPartner, permissionUuid, call, patchRecord, signInStaff, signInWithOtp, testApp, READY_FOR_AGREEMENT, type TestApp } from '../testApp';
import { ENDPOINTS, MATRIX_UPI_WEBHOOK_SECRET, type Access, type Endpoint, type Fixture } from './endpoints';
import { emptyWebsiteDetail } from '../../../server/routes/website';

/**
 * The callers of the role × endpoint matrix: no token; the merchant's owner; members of the merchant in an ACL role
 * holding exactly the permissions listed (none, too: the roles screen asks for one at least, so the test writes the
 * set to the table, standing for a role whose permissions no call checks); the owner of another merchant; and the
 * operations staff roles.
 */
export const ROLES = {
  'no token': { kind: 'anonymous' },
  owner: { kind: 'member', permissions: aclPermissions.permissions },
  'role with no permissions': { kind: 'member', permissions: [] },
  'read-only role (user_profile)': { kind: 'member', permissions: ['user_profile'] },
  'update_profile_restricted only': { kind: 'member', permissions: ['update_profile_restricted'] },
  'update_user_profile only': { kind: 'member', permissions: ['update_user_profile'] },
  'manage_team_accounts only': { kind: 'member', permissions: ['manage_team_accounts'] },
  'manage_payment_products only': { kind: 'member', permissions: ['manage_payment_products'] },
  'owner of another merchant': { kind: 'stranger' },
  ops_admin: { kind: 'staff', role: 'ops_admin' },
  ops_reviewer: { kind: 'staff', role: 'ops_reviewer' },
  ops_viewer: { kind: 'staff', role: 'ops_viewer' },
} as const satisfies Record<string, Caller>;
type RoleName = keyof typeof ROLES;
type Caller = { kind: 'anonymous' } | { kind: 'member'; permissions: readonly string[] } | { kind: 'stranger' } | { kind: 'staff'; role: StaffRole };
const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

/**
 * What the server must answer `role` on a route of `access`: 'allowed' (the gate lets it through), or the refusal.
 * 401 without a token; a merchant's call by someone not its member is 404, as for a merchant that does not exist (its
 * ids are not confirmed to outsiders), except staff, who are told 403 (store.loadMembership) unless the route finds its
 * merchant among the caller's own (a website's uuid: 404); a member without the permission 403; a staff call 403 to
 * merchants and to staff whose role may not make it.
 */
function expected(endpoint: Endpoint, role: RoleName): 'allowed' | number {
  const caller: Caller = ROLES[role];
  const { access } = endpoint;
  if (access.kind === 'public') return 'allowed';
  if (caller.kind === 'anonymous') return 401;
  switch (access.kind) {
    case 'session':
      return 'allowed';
    case 'any merchant':
      return caller.kind === 'staff' ? 404 : 'allowed';
    case 'file':
      return caller.kind === 'stranger' ? 404 : 'allowed';
    case 'staff':
      return caller.kind === 'staff' && access.roles.includes(caller.role) ? 'allowed' : 403;
    case 'member':
    case 'permission':
      if (caller.kind === 'stranger') return 404;
      if (caller.kind === 'staff') return endpoint.outsiders404 ? 404 : 403;
      if (access.kind === 'member') return 'allowed';
      return access.anyOf.some((name) => caller.permissions.includes(name)) ? 'allowed' : 403;
  }
}

/** A one-line account of an access rule, for test names. */
function describeAccess(access: Access): string {
  if (access.kind === 'permission') return access.anyOf.join(' or ');
  if (access.kind === 'staff') return `staff: ${access.roles.join(', ')}`;
  return access.kind;
}

/** The app under test, the fixture the requests name, and each caller's token. */
export interface MatrixApp {
  t: TestApp;
  fixture: Fixture;
  tokens: Record<RoleName, string | null>;
  userIds: Partial<Record<RoleName, string>>;
  /** Closes the app (failing on any 5xx it answered) and removes its stand-in for the built app. */
  close(): Promise<void>;
}

const SIGNATORY = { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
const PARTNER = testPartner('matrix-partner', 'Matrix Books');

let apps = 0;
/**
 * One app for a test file (the sandbox on, the built app served): a company merchant (PAN verified, signing authority
 * set, an aggregator with a website detail, its service agreement generated: the ids the routes take name something
 * real), its members in each role, another merchant's owner, the staff and an OAuth partner. The roles and invites the
 * team calls change or delete are spare ones no caller holds.
 */
export async function matrixApp(): Promise<MatrixApp> {
  const appDir = builtAppDir();
  const t = await testApp({ appDir, config: { sandbox: true, upiWebhookSecret: MATRIX_UPI_WEBHOOK_SECRET } });
  const tag = `${++apps}.${Date.now()}`;
  const ownerToken = await signInWithOtp(t, `matrix.owner.${tag}@example.com`);
  const uuid = (await call(t, ownerToken, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, ownerToken, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  expect(pan.statusCode, pan.body).toBe(200);
  const { mid, account_uuid: accountUuid } = pan.json().merchant as { mid: number; account_uuid: string };
  const signatory = await call(t, ownerToken, 'PUT', `/api/v1/accounts/${accountUuid}`, { merchant_uuid: uuid, account: { signatory_contact_details_attributes: [SIGNATORY] } });
  expect(signatory.statusCode, signatory.body).toBe(200);
  await patchRecord(t, uuid, READY_FOR_AGREEMENT);
  const generated = await call(t, ownerToken, 'POST', `/api/v1/merchants/${uuid}/generate_agreement`);
  expect(generated.statusCode, generated.body).toBe(202);
  expect(await t.app.jobs.runDue()).toBe(1);
  const agreement = (await call(t, ownerToken, 'GET', `/api/v1/merchants/${uuid}/generate_agreement`)).json().kyc_document as { uuid: string; processed_document: { path: string } };
  const websiteUuid = '5b0e7a52-3f51-4c4e-9d2a-0c8b6f1e2a77';
  await patchRecord(t, uuid, {
    merchant_type: 'aggregator',
    website_detail: { ...emptyWebsiteDetail(), uuid: websiteUuid },
  });

  const createRole = async (name: string, permissions: readonly string[]) => {
    const created = await call(t, ownerToken, 'POST', `/api/v1/merchants/${uuid}/acl_roles`, { acl_role: { name, acl_permission_uuids: [permissionUuid('basic_permissions')] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().acl_role.id as number;
    // The roles screen wants at least one permission: the exact set (none, too) is written to the table.
    await t.db.query('update acl_roles set permissions = $2 where id = $1', [id, permissions]);
    return id;
  };
  const inviteInto = async (roleId: number, email: string) => {
    const invited = await call(t, ownerToken, 'POST', `/api/v1/merchants/${uuid}/staff_invites`, { email, acl_role_id: roleId, name: 'Priya Kapoor' });
    expect(invited.statusCode, invited.body).toBe(201);
    return invited.json().staff_invite.id as number;
  };

  // Invited first (each into a role of their own), then signed in together: the OTP checks' hashing overlaps.
  const signIns: Array<Promise<[RoleName, string]>> = [];
  for (const role of ROLE_NAMES) {
    const caller: Caller = ROLES[role];
    const signIn = (sign: Promise<string>) => signIns.push(sign.then((token) => [role, token]));
    if (caller.kind === 'member' && role !== 'owner') {
      const email = `matrix.member.${ROLE_NAMES.indexOf(role)}.${tag}@example.com`;
      await inviteInto(await createRole(`Matrix role ${ROLE_NAMES.indexOf(role)}`, caller.permissions), email);
      signIn(signInWithOtp(t, email));
    } else if (caller.kind === 'stranger') signIn(signInWithOtp(t, `matrix.stranger.${tag}@example.com`));
    else if (caller.kind === 'staff') signIn(signInStaff(t, caller.role));
  }
  const tokens = { 'no token': null, owner: ownerToken, ...Object.fromEntries(await Promise.all(signIns)) } as Record<RoleName, string | null>;
  const userIds: Partial<Record<RoleName, string>> = {};
  for (const role of ROLE_NAMES) {
    const token = tokens[role];
    if (token) userIds[role] = (await userOfToken(t.db, token))?.userId;
  }
  expect(Object.keys(userIds)).toHaveLength(ROLE_NAMES.length - 1);

  const spareRoleId = await createRole('Spare', ['read_transactions']);
  const deletableRoleId = await createRole('Deletable', ['read_transactions']);
  const moveToRoleId = await createRole('Move target', ['read_transactions']);
  const spareInviteId = await inviteInto(spareRoleId, `matrix.spare.${tag}@example.com`);
  const deletableInviteId = await inviteInto(spareRoleId, `matrix.deletable.${tag}@example.com`);
  await registerPartner(t.db, PARTNER);
  return {
    t,
    tokens,
    userIds,
    async close() {
      try {
        await t.close();
      } finally {
        rmSync(appDir, { recursive: true, force: true });
      }
    },
    fixture: {
      uuid,
      mid,
      accountUuid,
      websiteUuid,
      agreementUuid: agreement.uuid,
      fileId: agreement.processed_document.path.split('/').pop()!,
      spareRoleId,
      deletableRoleId,
      moveToRoleId,
      spareInviteId,
      deletableInviteId,
      // A merchant that is not a child of the aggregator: what a child's id names is the aggregator tests' (the gate comes first).
      childUuid: '0d5b1f7e-9a47-4c1e-8e0a-3b6c2d9f4e15',
      partner: { clientId: PARTNER.client_id, redirectUri: PARTNER.redirect_uri },
    },
  };
}

/** A new folder standing for the built app (its index.html), so the routes serving the app are registered too. */
function builtAppDir(): string {
  const dir = `${mkdtempSync(join(tmpdir(), 'matrix-app-'))}/`;
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  return dir;
}

/** Tables whose rows change for reasons other than the call's own work (rate-limit counters), or are large reference data. */
const NOT_COMPARED = new Set(['rate_limit_counts', 'ifsc_banks', 'ifsc_branches', 'schema_migrations']);

const digestSql = new WeakMap<TestApp, Promise<string>>();
/** One query digesting every table of the app's schema, each row by its columns but file contents (their id and hash stand for them). */
async function digestQuery(t: TestApp): Promise<string> {
  const columns = await t.db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type <> 'bytea' order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) if (!NOT_COMPARED.has(table)) byTable.set(table, [...(byTable.get(table) ?? []), `"${column}"`]);
  return [...byTable]
    .map(([table, names]) => `select '${table}' as name, count(*)::text || ':' || md5(coalesce(string_agg(row(${names.join(', ')})::text, '|' order by row(${names.join(', ')})::text), '')) as digest from "${table}"`)
    .join(' union all ');
}

/** A digest of every table of the app's schema: what a refused call must leave exactly as it was. */
async function databaseDigest(t: TestApp): Promise<Record<string, string>> {
  if (!digestSql.has(t)) digestSql.set(t, digestQuery(t));
  const rows = await t.db.query<{ name: string; digest: string }>(await digestSql.get(t)!);
  return Object.fromEntries(rows.map(({ name, digest }) => [name, digest]));
}

/** Sends an endpoint's request as `token` (a fresh session of the caller when the call ends its own session). */
async function send(m: MatrixApp, key: string, endpoint: Endpoint, role: RoleName): Promise<LightMyRequestResponse> {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  const { url, payload, headers } = endpoint.request(m.fixture);
  let token = m.tokens[role];
  if (token && endpoint.endsSession) token = (await createSession(m.t.db, m.userIds[role]!, 3600)).access_token;
  const credentials = token ? (endpoint.tokenAsSubprotocol ? { 'sec-websocket-protocol': `actioncable-v1-json, bearer.${token}` } : { authorization: `Bearer ${token}` }) : {};
  return (m.t.app as FastifyInstance).inject({
    method,
    url,
    headers: { ...credentials, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The code of each refusal of the gate (server/errors.ts): a call's own 401 or 403 (a wrong password, a used OTP token) has another. */
const GATE_CODES: Record<number, string> = { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' };
const codeOf = (response: LightMyRequestResponse): unknown => {
  try {
    return (response.json() as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};
/** Whether an answer is the gate's refusal: no valid session (401 UNAUTHORIZED), or not allowed (403 FORBIDDEN). */
const gateRefused = (response: LightMyRequestResponse) => [401, 403].includes(response.statusCode) && codeOf(response) === GATE_CODES[response.statusCode];

/**
 * Runs one endpoint for every caller: the refused ones first (each answered the expected refusal, and every table as it
 * was before them), then the allowed ones (past the gate: not its 401 or 403, nor 404 unless the id may name nothing
 * now, never 5xx). Returns what went wrong, one line each.
 */
export async function checkEndpoint(m: MatrixApp, key: string): Promise<string[]> {
  const endpoint = ENDPOINTS[key]!;
  const wrong: string[] = [];
  const refused = ROLE_NAMES.filter((role) => expected(endpoint, role) !== 'allowed');
  const allowed = ROLE_NAMES.filter((role) => expected(endpoint, role) === 'allowed');
  const before = refused.length ? await databaseDigest(m.t) : {};
  for (const role of refused) {
    const response = await send(m, key, endpoint, role);
    const status = expected(endpoint, role) as number;
    if (response.statusCode !== status || codeOf(response) !== GATE_CODES[status]) wrong.push(`${role}: ${response.statusCode}, expected ${status} ${GATE_CODES[status]} (${response.body.slice(0, 100)})`);
  }
  if (refused.length) {
    const after = await databaseDigest(m.t);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length) wrong.push(`refused (${refused.join(', ')}), yet ${changed.join(', ')} changed`);
  }
  for (const role of allowed) {
    const response = await send(m, key, endpoint, role);
    const status = response.statusCode;
    if (gateRefused(response) || (status === 404 && !endpoint.notFoundOk) || status >= 500) wrong.push(`${role}: ${status}, expected the permission gate to let it through (${response.body.slice(0, 100)})`);
  }
  return wrong;
}

/** The endpoints of the matrix in `areas`, as `[key, access]` rows for `it.each`. */
export const endpointsIn = (...areas: Endpoint['area'][]): Array<[string, string]> =>
  Object.entries(ENDPOINTS)
    .filter(([, endpoint]) => areas.includes(endpoint.area))
    .map(([key, endpoint]) => [key, describeAccess(endpoint.access)]);
