import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInWithOtp, testApp, type TestApp } from '../testApp';

/** A built app folder with just an index page, so /app answers as in production. */
function appFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'onboarding-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  return `${dir}/`;
}

describe('security headers', () => {
  let t: TestApp;
  let embedded: TestApp;
  beforeAll(async () => {
    t = await testApp({ appDir: appFolder() });
    embedded = await testApp({ config: { embedOrigins: ['https://app.provider.example', 'https://m.provider.example'] } });
  });
  afterAll(async () => {
    await t.close();
    await embedded.close();
  });

  it('sends a strict Content-Security-Policy with the app: self only, no inline scripts, no eval', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/onboarding' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets only the configured origins embed the app', async () => {
    const answer = await embedded.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    expect(String(answer.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://app.provider.example https://m.provider.example",
    );
    expect(answer.headers['x-frame-options']).toBeUndefined();
  });

  it('sends nosniff and no referrer on every answer, the API included', async () => {
    for (const url of ['/app/account', '/api/v1/app_config', '/api/v1/nowhere']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('answers tokens and merchant data with Cache-Control: no-store', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: 'headers@example.com' } });
    expect(sent.headers['cache-control']).toBe('no-store');
    const token = await signInWithOtp(t, 'cache@example.com');
    const merchants = await call(t, token, 'GET', '/api/v1/merchants');
    expect(merchants.headers['cache-control']).toBe('no-store');
    const uuid = merchants.json().merchants[0].uuid;
    expect((await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).headers['cache-control']).toBe('no-store');
    expect((await call(t, null, 'GET', `/api/v1/merchants/${uuid}`)).headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over TLS: a configured proxy may say https, anyone else may not', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/app_config', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();

    const proxied = await testApp({ config: { trustProxy: ['127.0.0.1'] } });
    const overTls = await proxied.app.inject({ method: 'GET', url: '/api/v1/app_config', headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await proxied.close();
  });
});
