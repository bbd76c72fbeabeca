import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocketClient from 'ws';
import { build } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { manualClock } from '../../server/jobs/clock';
import { openCable } from './cableClient';
import { companyBankForm, call, signInWithOtp, testApp, type TestApp } from './testApp';

const PENNY = { impsSeconds: 2, neftStepSeconds: 60 };
const clock = manualClock();

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock, config: { penny: PENNY } });
});
afterAll(() => t.close());

interface Merchant {
  token: string;
  uuid: string;
}

let count = 0;
async function merchantWithBank(target: TestApp = t, app: FastifyInstance = target.app): Promise<Merchant> {
  const token = await signInWithOtp(target, `cable.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(target, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  await call(target, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  const bank = await app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${uuid}/bank_details`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      bank_detail: companyBankForm(),
    },
  });
  expect(bank.statusCode).toBe(200);
  return { token, uuid };
}

describe('the live channel /cable', () => {
  it('refuses a connection without a valid bearer token with 401 before the upgrade (over a real port)', async () => {
    const address = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const answer = (protocols: string[]) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocketClient(`${address}/cable`, protocols);
        socket.on('unexpected-response', (_request, response) => resolve(`HTTP ${response.statusCode}`));
        socket.on('open', () => {
          resolve(`open ${socket.protocol}`);
          socket.close();
        });
        socket.on('error', () => undefined);
      });
    const m = await merchantWithBank();
    expect(await answer(['cable.v1'])).toBe('HTTP 401');
    expect(await answer(['cable.v1', 'bearer.not-a-token'])).toBe('HTTP 401');
    // The token is never echoed: the server picks the cable protocol.
    expect(await answer(['cable.v1', `bearer.${m.token}`])).toBe('open cable.v1');
  });

  it('welcomes a signed-in client and confirms ProfileChannel for its merchant only', async () => {
    const m = await merchantWithBank();
    const other = await merchantWithBank();
    const cable = await openCable(t.app, m.token);
    expect(await cable.next((message) => message.type === 'welcome')).toEqual({ type: 'welcome' });
    expect((await cable.subscribe(m.uuid)).type).toBe('confirm_subscription');
    expect((await cable.subscribe(other.uuid)).type).toBe('reject_subscription');
    expect((await cable.subscribe('not-a-uuid')).type).toBe('reject_subscription');
    cable.socket.terminate();
  });

  it('tells every subscribed page when operations publish new document requirements', async () => {
    const m = await merchantWithBank();
    const cable = await openCable(t.app, m.token);
    await cable.subscribe(m.uuid);
    await t.db.query("select pg_notify('requirements_published', '7')");
    expect(await cable.pushed(m.uuid, (message) => 'requirements_version' in message)).toMatchObject({ message: { requirements_version: 7 } });
    cable.socket.terminate();
  });

  it('pushes penny status changes as the job runs, and bank_verified after the right amount', async () => {
    const m = await merchantWithBank();
    const stranger = await merchantWithBank();
    const cable = await openCable(t.app, m.token);
    await cable.subscribe(m.uuid);
    const strangers = await openCable(t.app, stranger.token);
    await strangers.subscribe(stranger.uuid);

    await t.app.jobs.runDue();
    clock.advance(PENNY.impsSeconds * 1000);
    await t.app.jobs.runDue();
    expect(await cable.pushed(m.uuid, (message) => message.penny_deposit_status === 'SUCCESS')).toMatchObject({
      message: { penny_deposit_status: 'SUCCESS', penny_deposit_method: 'IMPS', bank_verification_status: 'pending' },
    });

    const [deposit] = await t.db.query<{ amount_paise: number }>('select amount_paise from penny_deposits where merchant_uuid = $1', [m.uuid]);
    const verified = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/verify_penny`, { penny_amount: (deposit!.amount_paise / 100).toFixed(2) });
    expect(verified.statusCode).toBe(200);
    expect((await cable.pushed(m.uuid, (message) => message.bank_verified === true)).message).toEqual({ bank_verified: true, bank_verification_status: 'verified' });
    // Nothing about this merchant reached the other merchant's subscriber.
    // (A ping carries its time as `message`, with no identifier: not a channel's message.)
    expect(strangers.received.filter((message) => message.type !== 'ping' && message.message)).toEqual(
      strangers.received.filter((message) => message.identifier?.includes(stranger.uuid) && message.message),
    );
    expect(strangers.received.some((message) => message.message?.bank_verified)).toBe(false);
    cable.socket.terminate();
    strangers.socket.terminate();
  });

  it.skipIf(!process.env.DATABASE_URL)('fans out through PostgreSQL: a change made on one server reaches a socket on another', async () => {
    const [{ schema } = { schema: '' }] = await t.db.query<{ schema: string }>('select current_schema() as schema');
    const secondDb = await openDatabase({ url: process.env.DATABASE_URL, schema });
    const second = await build({ db: secondDb, clock, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0, penny: PENNY } });
    try {
      const m = await merchantWithBank(t, second);
      const cable = await openCable(t.app, m.token);
      await cable.subscribe(m.uuid);

      await second.jobs.runDue();
      clock.advance(PENNY.impsSeconds * 1000);
      await second.jobs.runDue();
      await cable.pushed(m.uuid, (message) => message.penny_deposit_status === 'SUCCESS');
      const [deposit] = await t.db.query<{ amount_paise: number }>('select amount_paise from penny_deposits where merchant_uuid = $1', [m.uuid]);
      const verified = await second.inject({
        method: 'POST',
        url: `/api/v1/merchants/${m.uuid}/verify_penny`,
        headers: { authorization: `Bearer ${m.token}` },
        payload: { penny_amount: (deposit!.amount_paise / 100).toFixed(2) },
      });
      expect(verified.statusCode).toBe(200);
      expect((await cable.pushed(m.uuid, (message) => message.bank_verified === true)).message).toMatchObject({ bank_verified: true });
      cable.socket.terminate();
    } finally {
      await second.close();
      await secondDb.close();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('runs each due job once when two servers poll the same PostgreSQL at once', async () => {
    const [{ schema } = { schema: '' }] = await t.db.query<{ schema: string }>('select current_schema() as schema');
    const secondDb = await openDatabase({ url: process.env.DATABASE_URL, schema });
    const second = await build({ db: secondDb, clock, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0, penny: PENNY } });
    try {
      const merchants = await Promise.all(Array.from({ length: 8 }, () => merchantWithBank()));
      const [a, b] = await Promise.all([t.app.jobs.runDue(), second.jobs.runDue()]);
      expect(a + b).toBe(8);
      const events = await t.db.query<{ n: string }>(
        `select count(*) as n from merchant_events where kind = 'penny.status' and merchant_uuid = any($1::uuid[])`,
        [merchants.map((m) => m.uuid)],
      );
      expect(Number(events[0]!.n)).toBe(8);
    } finally {
      await second.close();
      await secondDb.close();
    }
  });
});
