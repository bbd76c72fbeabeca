import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { build, type BuildOptions } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import type { MerchantRecord } from '../../server/merchants/store';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/** Options of {@link testApp}: those of `build`, and whether the test means to provoke a 500. */
export type TestAppOptions = Partial<BuildOptions> & { allowServerErrors?: boolean };

/**
 * A migrated database and the API on it: in-memory PGlite, or a fresh schema on the
 * PostgreSQL server of DATABASE_URL (dropped on close), so every test file starts empty.
 * Every answer is watched: a 500 anywhere in the file fails it on close (unless allowed),
 * so no bad input a test sends may crash a handler unnoticed.
 */
export async function testApp({ allowServerErrors = false, ...options }: TestAppOptions = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL || undefined;
  const schema = url ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const db = await openDatabase({ url, schema });
  await migrate(db);
  const app = await build({ db, appDir: '/nonexistent/', ...options, config: { authRateLimit: 10000, logLevel: 'silent', ...options.config } });
  const serverErrors: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500 && reply.statusCode !== 503) serverErrors.push(`${reply.statusCode} ${request.method} ${request.url}`);
  });
  return {
    app,
    db,
    async close() {
      await app.close();
      if (schema) await db.exec(`drop schema ${schema} cascade`);
      await db.close();
      if (serverErrors.length && !allowServerErrors) throw new Error(`The API answered 5xx:\n${serverErrors.join('\n')}`);
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
