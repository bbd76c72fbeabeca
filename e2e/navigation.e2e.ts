import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import variants from '../schemas/master/product-variants.json';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signUpWithPan } from './journey';

const product = startProductInBrowser();

/** The same product on another variant's host (Chromium resolves *.localhost to this machine). */
const onHost = (host: string) => product.baseUrl.replace('127.0.0.1', host);
/** Opens the app on another host with the session of `auth` passed in the address (the entry a native app uses). */
async function openOnHost(page: Page, host: string, path: string, uuid: string, auth: { authorization: string }) {
  const token = auth.authorization.replace(/^Bearer /, '');
  await page.goto(`${onHost(host)}${path}?${new URLSearchParams({ token, merchant_uuid: uuid })}`);
}
const setProduct = (uuid: string, value: string) => product.query(`update merchants set record = jsonb_set(record, '{product}', to_jsonb($2::text)) where uuid = $1`, [uuid, value]);

/** Opens a header menu by its button, checks it with axe and keeps its screenshot; returns the menu's item texts. */
async function openMenu(page: Page, name: 'Account menu' | 'Integration menu', screenshot: string) {
  await page.getByRole('button', { name }).click();
  const menu = page.getByRole('menu', { name });
  await menu.getByRole('menuitem').first().waitFor();
  await expect.poll(() => menu.getByRole('menuitem').first().evaluate((item) => item === document.activeElement)).toBe(true);
  await snap(page, screenshot);
  return { menu, items: await menu.getByRole('menuitem').allTextContents() };
}

async function closeMenu(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await page.getByRole('menu', { name }).waitFor({ state: 'detached' });
  await expect.poll(() => page.getByRole('button', { name }).evaluate((button) => button === document.activeElement)).toBe(true);
}

describe('the navigation chrome at 360 px', () => {
  it('opens the account and integration menus, shows TDR Billing History on the now host for a now merchant, and the settings tabs', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AAACN7311K', entity: 'Private Limited', prefix: 'nav.owner' });
    const { uuid, auth } = await merchantOfPage(page, product.baseUrl);
    await expect.poll(() => page.title()).toBe('Activate Your Account | PayU Business');
    await page.getByText(variants.variants.business.name, { exact: true }).waitFor();

    // One merchant, the owner's every permission: no Team Accounts; Integration Details.
    const account = await openMenu(page, 'Account menu', 'nav-account-menu');
    expect(account.items).toEqual(['Profile', 'Settings', 'Business Dashboard', 'Wallet', 'Set a new password', 'Help', 'Logout']);
    expect(await account.menu.getByRole('menuitem', { name: 'Business Dashboard' }).getAttribute('href')).toBe(variants.variants.business.dashboard);
    await page.keyboard.press('ArrowDown');
    expect(await account.menu.getByRole('menuitem', { name: 'Settings' }).evaluate((item) => item === document.activeElement)).toBe(true);
    await closeMenu(page, 'Account menu');
    const integration = await openMenu(page, 'Integration menu', 'nav-integration-menu');
    expect(integration.items).toEqual(['Integration Details', 'Developer Guide']);
    await closeMenu(page, 'Integration menu');
    await expect.poll(() => page.getByRole('link', { name: 'TDR Billing History' }).count()).toBe(0);

    // The same merchant on the now product, opened on the now host: its tab, and the now host's name and links.
    await setProduct(uuid, variants.variants.now.product);
    const now = await product.phonePage();
    await openOnHost(now, 'now.localhost', '/app/onboarding', uuid, auth);
    const tdr = now.getByRole('navigation', { name: 'Activate Your Account' }).getByRole('link', { name: 'TDR Billing History' });
    await tdr.waitFor();
    expect(await tdr.getAttribute('href')).toBe(variants.variants.now.links.tdrBillingHistory);
    await now.getByText(variants.variants.now.name, { exact: true }).waitFor();
    await expect.poll(() => now.title()).toBe('Activate Your Account | PayUnow');
    await snap(now, 'nav-now-tabs');
    const nowAccount = await openMenu(now, 'Account menu', 'nav-now-account-menu');
    expect(await nowAccount.menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(variants.variants.now.links.notificationSettings);
    await closeMenu(now, 'Account menu');

    // The money product's settings: the tabs its permissions allow, and the breadcrumb of a view.
    await setProduct(uuid, variants.variants.money.product);
    const money = await product.phonePage();
    await openOnHost(money, 'money.localhost', '/app/settings/team_accounts/roles', uuid, auth);
    const tabs = money.getByRole('navigation', { name: 'Settings' });
    await tabs.getByRole('link').first().waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Notification Settings', 'Webhook Settings', 'Checkout', 'Gst Settings', 'Manage Staff']);
    const breadcrumb = money.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.textContent()).toContain('Manage Roles');
    expect(await breadcrumb.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(variants.variants.money.dashboard);
    await expect.poll(() => money.title()).toBe('Manage Staff | PayUmoney');
    await snap(money, 'nav-settings-roles');
    await tabs.getByRole('link', { name: 'Manage Staff' }).click();
    await money.waitForURL(/\/app\/settings\/team_accounts$/);
    await expect.poll(() => breadcrumb.count()).toBe(0);

    // Logout is in the account menu.
    await (await openMenu(money, 'Account menu', 'nav-money-account-menu')).menu.getByRole('menuitem', { name: 'Logout' }).click();
    await money.waitForURL(/\/app\/account$/);
    for (const opened of [page, now, money]) await opened.context().close();
  });
});
