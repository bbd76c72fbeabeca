import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signInByOtp } from './journey';

const product = startProductInBrowser();

/** The same product on the money product's host (Chromium resolves *.localhost to this machine). */
const moneyUrl = () => product.baseUrl.replace('127.0.0.1', 'money.localhost');
const productOf = async (uuid: string) => (await product.query<{ product: string }>(`select record->>'product' as product from merchants where uuid = $1`, [uuid]))[0]?.product;

describe('the terms of another product', () => {
  it('a business gateway merchant who opens the money product accepts its terms first, then continues activation there', async () => {
    const email = `terms.${Date.now()}@example.com`;
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, email);
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    expect(await productOf(uuid)).toBe('PayUbiz');
    // On its own product's host there are no terms to accept.
    await page.goto(`${product.baseUrl}/app/terms-conditions`);
    await page.waitForURL(/\/app\/onboarding$/);

    // Signing in again at once would wait for the OTP resend gap (20 s): the first code is made older instead.
    await product.query(`update otps set created_at = created_at - interval '1 minute' where identity = $1`, [email]);
    const money = await product.phonePage();
    await signInByOtp(money, moneyUrl(), email, `${moneyUrl()}/app/account`, /\/app\/terms-conditions$/);
    await money.getByRole('heading', { level: 1, name: 'Accept the terms of PayUmoney' }).waitFor();
    const button = money.getByRole('button', { name: 'Accept and continue' });
    expect(await button.isDisabled()).toBe(true);
    await snap(money, 'terms');

    await money.getByRole('checkbox', { name: 'I have read and accept the terms and conditions of PayUmoney' }).check();
    await button.click();
    await money.getByRole('status').filter({ hasText: 'Your account now uses PayUmoney' }).waitFor();
    await snap(money, 'terms-accepted');
    await money.waitForURL(/\/app\/onboarding$/);
    await money.locator('[data-step="pan-details"]').waitFor();
    // The Documents tab's one-time tip waits until there is something to upload (a new merchant has nothing yet).
    await money.getByTestId('due-now').waitFor();
    expect(await money.getByRole('status').filter({ hasText: 'Ready to upload' }).count()).toBe(0);
    await snap(money, 'onboarding-after-terms');
    expect(await productOf(uuid)).toBe('PayUmoney');

    // Accepted once: the terms screen is closed now.
    await money.goto(`${moneyUrl()}/app/terms-conditions`);
    await money.waitForURL(/\/app\/onboarding$/);
  });
});
