import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signInByOtp, status } from './journey';

const product = startProductInBrowser();

// The demo users of server/demo/demo-groups.json (README: demo sign-in).
const AGGREGATOR = 'demo.aggregator@example.com';
const TWO_MERCHANTS = 'demo.two.merchants@example.com';
// Two users of one merchant each: an OTP to the same address may be sent once per 20 seconds.
const ONE_MERCHANT = 'demo.individual@example.com';
const ANOTHER_ONE_MERCHANT = 'demo.private@example.com';

describe('the aggregator page', () => {
  it("lists the aggregator's children and shows one read-only; its data stays out of the other merchant calls", async () => {
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, AGGREGATOR);
    await page.goto(`${product.baseUrl}/app/aggregator`);
    await page.getByRole('heading', { level: 1, name: 'Child merchants' }).waitFor();
    const links = page.getByRole('list', { name: 'Child merchants' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(2);
    await snap(page, 'aggregator-children');

    await page.getByRole('link', { name: /Meera Kirana/ }).click();
    await page.waitForURL(/\/app\/aggregator\?childUUID=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Meera Kirana' }).waitFor();
    expect(await status(page, 'pan-details')).toBe('Completed');
    expect(await status(page, 'business-details')).toBe('Completed');
    expect(await page.getByRole('textbox').count()).toBe(0);
    await snap(page, 'aggregator-child');

    // The child by any other merchant call, with the aggregator's token: as unknown as a made-up merchant.
    const childUuid = new URL(page.url()).searchParams.get('childUUID')!;
    const { auth } = await merchantOfPage(page, product.baseUrl);
    for (const path of [`/api/v1/merchants/${childUuid}`, `/api/v1/merchants/${childUuid}/kyc_documents`, `/api/v1/merchants/${childUuid}/children`]) {
      expect((await page.request.get(`${product.baseUrl}${path}`, { headers: auth })).status(), path).toBe(404);
    }
    // A made-up childUUID: the page says it is not one of the children.
    await page.goto(`${product.baseUrl}/app/aggregator?childUUID=00000000-0000-0000-0000-000000000000`);
    await page.getByText('This merchant is not one of your child merchants.').waitFor();
    await page.context().close();
  });

  it('tells a merchant that is not an aggregator so', async () => {
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, ONE_MERCHANT);
    await page.goto(`${product.baseUrl}/app/aggregator`);
    await page.getByText(/is not an aggregator, so it has no child merchants to show/).waitFor();
    await snap(page, 'aggregator-not-aggregator');
    await page.context().close();
  });
});

describe('the merchant switcher (/app/account/team-accounts)', () => {
  it("switches the session's merchant, which holds across a reload", async () => {
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, TWO_MERCHANTS);
    // The first merchant (nothing filled yet) is the session's until another is chosen.
    await expect.poll(() => status(page, 'pan-details')).toBe('To do');
    await page.goto(`${product.baseUrl}/app/account/team-accounts`);
    const list = page.getByRole('list', { name: 'Your merchant accounts' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('button').count()).toBe(2);
    expect(await page.getByRole('button', { name: /Kavya Rao Boutique/ }).getAttribute('aria-current')).toBe('true');
    await snap(page, 'team-accounts-switcher');

    await page.getByRole('button', { name: /Kavya Rao Online/ }).click();
    await page.waitForURL(/\/app\/onboarding$/);
    await expect.poll(() => status(page, 'pan-details')).toBe('Completed');
    await page.reload();
    await expect.poll(() => status(page, 'pan-details')).toBe('Completed');
    await page.goto(`${product.baseUrl}/app/account/team-accounts`);
    await expect.poll(() => page.getByRole('button', { name: /Kavya Rao Online/ }).getAttribute('aria-current')).toBe('true');
    await page.context().close();
  });

  it('sends a user of one merchant to /onboarding', async () => {
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, ANOTHER_ONE_MERCHANT);
    await page.goto(`${product.baseUrl}/app/account/team-accounts`);
    await page.waitForURL(/\/app\/onboarding$/);
    await page.context().close();
  });
});
