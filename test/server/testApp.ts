import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, type BuildOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { MerchantRecord } from '../../server/merchants/store';
import { aclPermissions } from '../../schemas/registry';
import type { NewPartner } from '../../server/oauth/partners';
import { loadServerTexts } from '../../server/serverTexts';

// The texts the server answers with, as build() loads them: the server tests write their expected answers with
// message() while their tables are collected, before any app is built.
loadServerTexts();

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** Options of {@link testApp}: those of `build`, and whether the test means to provoke a 500. */
export type TestAppOptions = Partial<BuildOptions> & { allowServerErrors?: boolean };

/**
 * A migrated database and the API on it, in a schema of its own (see {@link emptyDatabase}),
 * so every test file starts from an empty database.
 * Every answer is watched: a 500 anywhere in the file fails it on close (unless allowed),
 * so no bad input a test sends may crash a handler unnoticed.
 */
export async function testApp({ allowServerErrors = false, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const db = await emptyDatabase();
  await migrate(db);
  const app = await build({ db, appDir: '/nonexistent/', ...options, config: { authRateLimit: 10000, signInAddressLimit: 10000, logLevel: 'silent', jobPollMs: 0, ...options.config } });
  const serverErrors: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && reply.statusCode !== 503) serverErrors.push(`${reply.statusCode} ${request.method} ${request.url}`);
  });
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      if (serverErrors.length && !allowServerErrors) throw new Error(`The API answered 5xx:\n${serverErrors.join('\n')}`);
    },
  };
}

/**
 * An empty, unmigrated database of its own, dropped on close: a fresh schema on the PostgreSQL
 * server of DATABASE_URL, or on the in-memory PGlite this test worker shares.
 */
export async function emptyDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL || undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (!url) return schemaOfSharedPglite(schema);
  const db = await openDatabase({ url, schema });
  return {
    ...db,
    async close() {
      await db.exec(`drop schema ${schema} cascade`);
      await db.close();
    },
  };
}

/**
 * Starting PGlite takes seconds (initdb in WebAssembly), a schema milliseconds: the test files of a
 * worker share one instance (the server project runs without isolation, so this module lives on).
 */
let sharedPglite: Promise<Database> | undefined;
/** The schema the shared connection searches now. */
let searchPath = '';
/** The work of every schema on the shared connection, one turn at a time. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * A database that works in `schema` of the shared PGlite. PGlite is one connection, so each call waits
 * for its turn and first points search_path at its schema; a transaction is one turn, as it holds the
 * connection on PGlite too. After close every call fails, like a closed PGlite.
 */
async function schemaOfSharedPglite(schema: string): Promise<Database> {
  sharedPglite ??= openDatabase({});
  const shared = await sharedPglite;
  let closed = false;
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(async () => {
      if (closed) throw new Error(`The database (schema ${schema}) is closed`);
      if (searchPath !== schema) {
        await shared.exec(`set search_path to ${schema}`);
        searchPath = schema;
      }
      return work();
    });
    queue = turn.catch(() => undefined);
    return turn;
  };
  await shared.exec(`create schema ${schema}`);
  return {
    kind: shared.kind,
    query: (sql, params) => inTurn(() => shared.query(sql, params)),
    exec: (sql) => inTurn(() => shared.exec(sql)),
    transaction: (work) => inTurn(() => shared.transaction(work)),
    async listen(channel, onMessage) {
      const unlisten = await inTurn(() => shared.listen(channel, onMessage));
      return () => inTurn(unlisten).catch(() => undefined);
    },
    async close() {
      if (closed) return;
      await inTurn(() => shared.exec(`drop schema ${schema} cascade`));
      closed = true;
    },
  };
}

/** The latest code the sandbox "sent" to a recipient, read from the sandbox inbox table. */
export async function latestOtp(db: Database, recipient: string): Promise<string> {
  const [row] = await db.query<{ body: string }>('select body from sandbox_messages where recipient = $1 order by id desc limit 1', [recipient]);
  const code = /\b(\d{4})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no OTP sent to ${recipient}`);
  return code;
}

/** Signs in by OTP (creating the user and their merchant when new); returns the bearer token. */
export async function signInWithOtp(t: TestApp, identity: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
  if (sent.statusCode !== 200) throw new Error(`send_otp ${sent.statusCode}: ${sent.body}`);
  const otp = await latestOtp(t.db, identity.toLowerCase());
  const verified = await t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp } });
  if (verified.statusCode !== 200) throw new Error(`verify_otp ${verified.statusCode}: ${verified.body}`);
  return verified.json<{ access_token: string }>().access_token;
}

/**
 * A Partnership signed in as `email`, with its PAN verified and a signing authority saved: asked for its PAN card, the
 * signatory's PAN card and address proof, the authorisation letter and Schedule C. Returns its token and uuid.
 */
export async function partnershipWithSignatory(t: TestApp, email: string): Promise<{ token: string; uuid: string }> {
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAFFG7781Q', business_entity_id: 4 } });
  if (pan.statusCode !== 200) throw new Error(`PAN ${pan.statusCode}: ${pan.body}`);
  const signatory = { name: 'Ravi Gupta', email: 'ravi@example.com', pancard_number: 'ABCPG1234K' };
  const saved = await call(t, token, 'PUT', `/api/v1/accounts/${pan.json().merchant.account_uuid}`, { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid });
  if (saved.statusCode !== 200) throw new Error(`signing authority ${saved.statusCode}: ${saved.body}`);
  return { token, uuid };
}

let staffCount = 0;

/** Signs in a new operations staff member of `role` (staff get no merchant of their own); returns the bearer token. */
export async function signInStaff(t: TestApp, role: 'ops_admin' | 'ops_reviewer' | 'ops_viewer'): Promise<string> {
  const email = `staff.${role}.${++staffCount}.${randomBytes(4).toString('hex')}@example.com`;
  const id = randomUUID();
  await t.db.query('insert into users (id, email, name) values ($1, $2, $3)', [id, email, 'Staff']);
  await t.db.query('insert into staff_members (user_id, role) values ($1, $2)', [id, role]);
  return signInWithOtp(t, email);
}

/** A TCP port free on 127.0.0.1 now (for a server process a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Sends an authenticated JSON request. */
export function call(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** What a refused call must leave unchanged: the stored merchant record and its audit trail length. */
export async function storedState(t: TestApp, merchantUuid: string): Promise<{ record: MerchantRecord | undefined; events: number }> {
  const [row] = await t.db.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1', [merchantUuid]);
  const events = await t.db.query('select id from merchant_events where merchant_uuid = $1', [merchantUuid]);
  return { record: row?.record, events: events.length };
}

/** Overwrites top-level fields of a stored merchant record (to set up a state the API cannot reach quickly). */
export async function patchRecord(t: TestApp, merchantUuid: string, patch: Record<string, unknown>): Promise<void> {
  await t.db.query('update merchants set record = record || $2::jsonb where uuid = $1', [merchantUuid, JSON.stringify(patch)]);
}

/** A verified bank detail as the record holds it after a successful test deposit (for tests that start from one). */
export const VERIFIED_BANK_DETAIL = {
  id: 1,
  bank_account_number: '50100123456789',
  ifsc_code: 'HDFC0000001',
  holder_name: 'Nimbus Stores',
  bank_verification_status: 'verified',
  penny_deposit_status: 'SUCCESS',
  penny_deposit_method: 'IMPS',
  penny_attempt_left: 3,
  addendum_status: null,
  bank_verification_proof: null,
};

/**
 * What a company merchant with its PAN verified and its signatory given still needs for its agreement to be generated:
 * business category, volume, integration, registered address and a verified bank (for tests that start from there).
 */
export const READY_FOR_AGREEMENT = {
  business_category_id: 2,
  business_sub_category_id: 201,
  monthly_expected_volume: '30001-60000',
  integration_type: 'TOOLS',
  registration_address: { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' },
  bank_detail: VERIFIED_BANK_DETAIL,
};

/** Each route of an app as `METHOD /path` (HEAD left out), read from Fastify's route tree (4 characters a level). */
export function appRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    paths.length = depth;
    paths.push(depth === 0 ? match[2]! : `${paths[depth - 1]}/${match[2]}`.replace(/\/+/g, '/'));
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${paths[depth]}`);
  }
  return routes;
}

/** The uuid of an ACL permission of the catalogue, by its name (`manage_team_accounts` …): what role bodies carry. */
export const permissionUuid = (name: string): string => aclPermissions.catalogue.find((permission) => permission.name === name)!.uuid;

/** An OAuth partner for a test file (its client id and name its own), asking for manage_credentials. */
export const testPartner = (clientId: string, name: string): NewPartner => ({
  client_id: clientId,
  client_secret: `${clientId}-secret-0123456789`,
  name,
  logo: 'data:image/png;base64,iVBORw0KGgo=',
  color_code: '#123456',
  redirect_uri: 'https://partner.example.com/oauth/callback',
  partner_permissions: ['manage_credentials'],
  skip_onboarding_for_oauth: false,
});

/** The bank form of a Private Limited company whose PAN (AAACN4521K) is verified: the bank and penny tests' company. */
export const companyBankForm = (account = '50100123456789') => ({
  business_registered: true,
  business_entity_id: 6,
  business_name: 'Nimbus Stores',
  pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
  pancard_number: 'AAACN4521K',
  holder_name: 'Nimbus Stores Private Limited',
  bank_account_number: account,
  ifsc_code: 'HDFC0000001',
});

export { PROOF_WANTED_BANK_DETAIL } from '../bankDetails';
