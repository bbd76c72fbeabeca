import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';

const DASHBOARD = 'https://dashboard.provider.example';
const HELP = 'https://help.provider.example';
const product = startProductInBrowser({
  redirectHosts: ['dashboard.provider.example'],
  logoutRedirectHosts: ['help.provider.example'],
  logoutUrls: { now: `${HELP}/now/logout` },
});

/** The provider's other products are not on this machine: the browser is answered for them here, and each request kept. */
async function fakeProviderHosts(page: Page): Promise<Array<{ url: string; method: string; body: string | null }>> {
  const seen: Array<{ url: string; method: string; body: string | null }> = [];
  for (const host of [DASHBOARD, HELP]) {
    await page.route(`${host}/**`, (route) => {
      seen.push({ url: route.request().url(), method: route.request().method(), body: route.request().postData() });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Dashboard</title><main><h1>Dashboard</h1></main></html>' });
    });
  }
  return seen;
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByLabel(/^Password/).fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const serviceLogin = (target: string, extra = '') => `${product.baseUrl}/account/service_login?redirect_to=${encodeURIComponent(target)}${extra}`;

describe('the service login and logout hand-offs, and the not-found page, on a phone', () => {
  it('sends a user without a session to sign in, then to the product with authToken, merchantId and profileCompleted', async () => {
    const page = await product.phonePage();
    const seen = await fakeProviderHosts(page);
    await page.goto(serviceLogin(`${DASHBOARD}/merchant-dashboard/`, '&campaign=spring'));
    await page.waitForURL((url) => url.pathname === '/app/account/signin' && url.searchParams.get('redirect_to') === `${DASHBOARD}/merchant-dashboard/`);
    await signInWithPassword(page, 'demo.now@example.com');
    await page.waitForURL((url) => url.origin === DASHBOARD);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/merchant-dashboard/');
    expect(landed.searchParams.get('campaign')).toBe('spring');
    expect(landed.searchParams.get('profileCompleted')).toBe('false');
    expect(landed.searchParams.get('authToken')).toMatch(/.{20,}/);
    expect(landed.searchParams.get('merchantId')).toMatch(/^\d+$/);
    expect(seen.map((request) => request.method)).toEqual(['GET']);

    // Signed in now: straight through, with the same session's token.
    await page.goto(serviceLogin(`${DASHBOARD}/home`));
    await page.waitForURL((url) => url.origin === DASHBOARD && url.pathname === '/home');
    expect(new URL(page.url()).searchParams.get('authToken')).toBe(landed.searchParams.get('authToken'));
    await page.context().close();
  });

  it('posts authToken and merchantId to the business product dashboard', async () => {
    const page = await product.phonePage();
    const seen = await fakeProviderHosts(page);
    await page.goto(`${product.baseUrl}/app/account`);
    await signInWithPassword(page, 'demo.private@example.com');
    await page.waitForURL(/\/app\/onboarding$/);
    await page.goto(serviceLogin(`${DASHBOARD}/merchant-dashboard/`));
    await page.waitForURL(`${DASHBOARD}/merchant-dashboard/`);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    const fields = new URLSearchParams(seen[0]!.body ?? '');
    expect([...fields.keys()]).toEqual(['authToken', 'merchantId']);
    expect(fields.get('merchantId')).toMatch(/^\d+$/);
    await page.context().close();
  });

  it('refuses a host outside the allow-list, and a missing redirect_to, with the spec texts', async () => {
    const page = await product.phonePage();
    const seen = await fakeProviderHosts(page);
    await page.goto(serviceLogin('https://dashboard.provider.example.evil.com/'));
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
    await page.getByText('Redirection path not allowed.').waitFor();
    await expectAccessible(page, 'service-login-not-allowed');
    await page.screenshot({ path: `${SCREENSHOTS}/service-login-not-allowed.png`, fullPage: true });

    await page.goto(`${product.baseUrl}/account/service_login?redirect_to=${encodeURIComponent(`https://user@dashboard.provider.example/`)}`);
    await page.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();

    await page.goto(`${product.baseUrl}/account/service_login`);
    await page.getByRole('heading', { level: 1, name: 'Redirection path not provided.' }).waitFor();
    await expectAccessible(page, 'service-login-not-provided');
    expect(seen).toEqual([]);
    await page.context().close();
  });

  it('logs out and goes to an allowed help host, the product logout target, or to /app otherwise', async () => {
    const page = await product.phonePage();
    await fakeProviderHosts(page);
    await page.goto(`${product.baseUrl}/app/account`);
    await signInWithPassword(page, 'demo.now@example.com');
    await page.waitForURL(/\/app\/onboarding$/);
    await page.goto(`${product.baseUrl}/account/service_logout?redirect_to=${encodeURIComponent(`${HELP}/articles`)}`);
    await page.waitForURL(`${HELP}/articles`);
    await page.goto(`${product.baseUrl}/app/onboarding`);
    await page.waitForURL(/\/app\/account\?redirectTo=/);

    await page.goto(`${product.baseUrl}/account/service_logout?redirect_to=${encodeURIComponent('https://evil.example/')}`);
    await page.waitForURL(/\/app\/account$/);

    // Without an address from the page: the NOW product's configured logout target.
    await signInWithPassword(page, 'demo.now@example.com');
    await page.waitForURL(/\/app\/onboarding$/);
    await page.goto(`${product.baseUrl}/account/service_logout`);
    await page.waitForURL(`${HELP}/now/logout`);
    await page.context().close();
  });

  it('shows the not-found page for an unknown path, with its way back to /app/account', async () => {
    const page = await product.phonePage();
    await page.goto(`${product.baseUrl}/app/no-such-page`);
    await page.getByRole('heading', { level: 1, name: '404' }).waitFor();
    await page.getByText('Oops').waitFor();
    await page.getByText("It seems like we couldn't find the page you were looking for.").waitFor();
    await expectAccessible(page, 'not-found');
    await page.screenshot({ path: `${SCREENSHOTS}/not-found.png`, fullPage: true });
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL(/\/app\/account$/);
    await page.context().close();
  });
});
