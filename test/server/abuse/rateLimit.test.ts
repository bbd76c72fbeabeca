import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { build } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { testApp, type TestApp } from '../testApp';
import { statusCounts } from './signInCalls';

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

async function limitedApp(config: Parameters<typeof testApp>[0] = {}): Promise<TestApp> {
  const t = await testApp(config);
  opened.push(t);
  return t;
}

const sendOtpCall = (extra: Partial<InjectOptions> = {}): InjectOptions => ({
  method: 'POST',
  url: '/api/v1/user/send_otp',
  payload: { identity: 'not-an-identity' },
  ...extra,
});

describe('rate limit on sign-in calls', () => {
  it('is one limit for two API processes on one database, under a concurrent burst', async () => {
    const t = await limitedApp({ config: { authRateLimit: 10 } });
    const second: FastifyInstance = await build({ db: t.db, appDir: '/nonexistent/', config: { authRateLimit: 10, logLevel: 'silent' } });
    opened.unshift(second);

    const responses = await Promise.all(Array.from({ length: 30 }, (_, n) => (n % 2 ? second : t.app).inject(sendOtpCall())));

    expect(statusCounts(responses)[429]).toBe(20);
  });

  it('is one limit for two API processes on one database, called in turn', async () => {
    const t = await limitedApp({ config: { authRateLimit: 10 } });
    const second: FastifyInstance = await build({ db: t.db, appDir: '/nonexistent/', config: { authRateLimit: 10, logLevel: 'silent' } });
    opened.unshift(second);

    const responses = [];
    for (let n = 0; n < 30; n++) responses.push(await (n % 2 ? second : t.app).inject(sendOtpCall()));

    expect(responses.map((response) => response.statusCode !== 429)).toEqual(Array.from({ length: 30 }, (_, n) => n < 10));
  });

  it('is not escaped by changing X-Forwarded-For', async () => {
    const t = await limitedApp({ config: { authRateLimit: 3 } });
    const responses = [];
    for (let n = 0; n < 10; n++) responses.push(await t.app.inject(sendOtpCall({ headers: { 'x-forwarded-for': `203.0.113.${n}` } })));
    expect(statusCounts(responses)[429]).toBe(7);
  });

  it('counts each peer address on its own', async () => {
    const t = await limitedApp({ config: { authRateLimit: 2 } });
    const from = (remoteAddress: string) => t.app.inject(sendOtpCall({ remoteAddress }));
    await from('198.51.100.1');
    await from('198.51.100.1');
    expect((await from('198.51.100.1')).statusCode).toBe(429);
    expect((await from('198.51.100.2')).statusCode).toBe(422);
  });

  it('keys on the address a configured proxy forwards', async () => {
    const t = await limitedApp({ config: { authRateLimit: 1, trustProxy: ['10.0.0.0/8'] } });
    const viaProxy = (client: string) => t.app.inject(sendOtpCall({ remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': client } }));
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(422);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(422);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
  });

  it('answers 429 with the catalogue text', async () => {
    const t = await limitedApp({ config: { authRateLimit: 1 } });
    await t.app.inject(sendOtpCall());
    const refused = await t.app.inject(sendOtpCall());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messages.user).toEqual(['Too many requests. Please wait a minute and try again.']);
  });

  it('removes counts whose window has passed', async () => {
    const t = await limitedApp({ config: { authRateLimit: 5 } });
    await t.db.query(`insert into rate_limit_counts (key, hits, window_ends_at) values ('198.51.100.7', 3, now() - interval '1 hour')`);
    await t.app.inject(sendOtpCall());
    const rows = await t.db.query<{ key: string }>('select key from rate_limit_counts');
    expect(rows.map((row) => row.key)).toEqual(['127.0.0.1']);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(configFromEnv({}).trustProxy).toEqual([]);
  });

  it('reads a comma-separated list of addresses and CIDR ranges', () => {
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
  });

  it.each(['true', '*', 'proxy.local', '10.0.0.0/33', '10.0.0.1/', '::1/129', '10.0.0.1,,10.0.0.2'])('refuses %j with a clear message', (value) => {
    expect(() => configFromEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be a comma-separated list of IP addresses or CIDR ranges/);
  });
});
