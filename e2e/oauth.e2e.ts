import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';

const product = startProductInBrowser();

/** Checks a screen with axe, then keeps its screenshot. */
async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** The demo partner's return page on this test server (the seed registers it on the default port). */
async function partnerCallback(): Promise<string> {
  const callback = `${product.baseUrl}/sandbox/partner/callback`;
  await product.query('update oauth_partners set redirect_uri = $1 where client_id = $2', [callback, 'demo-partner']);
  return callback;
}

const authorizeUrl = (redirectUri: string, state: string) =>
  `${product.baseUrl}/app/oauth/authorize?${new URLSearchParams({ client_id: 'demo-partner', redirect_uri: redirectUri, state, response_type: 'code' })}`;

describe('partner authorization (/oauth/authorize) on a phone', () => {
  it('signs in first, comes back to the consent screen with the partner brand, and lands on the redirect_uri with code and state', async () => {
    const callback = await partnerCallback();
    const page = await product.phonePage();
    await page.goto(authorizeUrl(callback, 'st-42'));
    await page.waitForURL((url) => url.pathname === '/app/account' && (url.searchParams.get('redirectTo') ?? '').startsWith('/oauth/authorize?'));

    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill('demo.now@example.com');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { level: 1, name: 'Connect Ledger Books (demo partner)' }).waitFor();
    const here = new URL(page.url());
    expect(here.pathname).toBe('/app/oauth/authorize');
    expect(Object.fromEntries(here.searchParams)).toMatchObject({ client_id: 'demo-partner', redirect_uri: callback, state: 'st-42' });
    const logo = page.getByRole('img', { name: 'Ledger Books (demo partner) logo' });
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await page.getByRole('button', { name: 'Allow' }).evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(10, 124, 89)');
    await checkScreen(page, 'oauth-consent');

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${callback}?`));
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('st-42');
    const code = landed.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    await page.getByRole('heading', { name: 'Sandbox partner' }).waitFor();
    await checkScreen(page, 'oauth-partner-callback');

    // The partner exchanges the code once.
    const exchange = () =>
      fetch(`${product.baseUrl}/api/v1/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'authorization_code', client_id: 'demo-partner', client_secret: 'demo-partner-secret', code, redirect_uri: callback }),
      });
    const first = await exchange();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ token_type: 'Bearer', scope: 'manage_credentials manage_webhooks' });
    expect((await exchange()).status).toBe(400);
    await page.context().close();
  });

  it('shows an error and stays on the page for a redirect_uri that is not the registered one', async () => {
    const callback = await partnerCallback();
    const page = await product.phonePage();
    await page.goto(`${product.baseUrl}/app/account`);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill('demo.now@example.com');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/app/account');

    await page.goto(authorizeUrl(`${callback}/../../evil`, 'st-43'));
    await page.getByRole('heading', { level: 1, name: 'This request cannot be completed' }).waitFor();
    await page.getByText('The return address of this request is not the one registered for this partner.').waitFor();
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/app/oauth/authorize');
    await checkScreen(page, 'oauth-redirect-refused');
    await page.context().close();
  });
});
