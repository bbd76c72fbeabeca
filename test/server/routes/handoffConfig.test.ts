import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { testApp, type TestApp } from '../testApp';

/** A built app folder with just an index page, so the hand-off paths answer as in production. */
function appFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'onboarding-app-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  return `${dir}/`;
}

describe('the hand-off allow-lists (REDIRECT_HOSTS, LOGOUT_REDIRECT_HOSTS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({
      appDir: appFolder(),
      config: {
        redirectHosts: ['dashboard.provider.example', '*.money.provider.example'],
        logoutRedirectHosts: ['help.provider.example'],
        logoutUrls: { money: 'https://x.money.provider.example/logout' },
      },
    });
  });
  afterAll(() => t.close());

  it('are read from the environment, and every bad entry stops the start with one error naming it', () => {
    expect(configFromEnv({ REDIRECT_HOSTS: 'a.example.com, *.b.example.com,https://c.example.com:8443', LOGOUT_REDIRECT_HOSTS: 'help.example.com' })).toMatchObject({
      redirectHosts: ['a.example.com', '*.b.example.com', 'https://c.example.com:8443'],
      logoutRedirectHosts: ['help.example.com'],
    });
    expect(configFromEnv({}).redirectHosts).toEqual([]);
    expect(() => configFromEnv({ REDIRECT_HOSTS: 'Good.example.com,evil.com/path', LOGOUT_REDIRECT_HOSTS: '*.com' })).toThrow(
      /REDIRECT_HOSTS.*Good\.example\.com.*evil\.com\/path[\s\S]*LOGOUT_REDIRECT_HOSTS.*\*\.com/,
    );
  });

  it('read the product logout targets (LOGOUT_URLS), each on the allow-lists', () => {
    const env = { REDIRECT_HOSTS: 'dashboard.example.com', LOGOUT_REDIRECT_HOSTS: 'help.example.com' };
    expect(configFromEnv({ ...env, LOGOUT_URLS: 'one_dashboard=https://dashboard.example.com/logout?a=1,now=https://help.example.com/bye' }).logoutUrls).toEqual({
      one_dashboard: 'https://dashboard.example.com/logout?a=1',
      now: 'https://help.example.com/bye',
    });
    expect(configFromEnv({}).logoutUrls).toEqual({});
    expect(() => configFromEnv({ ...env, LOGOUT_URLS: 'money=https://evil.com/logout' })).toThrow(/LOGOUT_URLS.*money=https:\/\/evil\.com/);
    expect(() => configFromEnv({ ...env, LOGOUT_URLS: 'wallet=https://dashboard.example.com/' })).toThrow(/LOGOUT_URLS.*wallet/);
  });

  it('are given to the app: the logout list holds the product hosts and the help and onboarding hosts', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    expect(answer.json()).toMatchObject({
      redirect_hosts: ['dashboard.provider.example', '*.money.provider.example'],
      logout_redirect_hosts: ['dashboard.provider.example', '*.money.provider.example', 'help.provider.example'],
      logout_urls: { money: 'https://x.money.provider.example/logout' },
    });
  });

  it('let the business product form post go to the redirect hosts only (form-action)', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/app_config' });
    expect(String(answer.headers['content-security-policy'])).toContain("form-action 'self' https://dashboard.provider.example https://*.money.provider.example;");
  });

  it('serve the app at /account/service_login and /account/service_logout', async () => {
    for (const url of ['/account/service_login?redirect_to=x', '/account/service_logout']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>app</title>');
    }
  });
});
