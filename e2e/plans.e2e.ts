import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signInByOtp } from './journey';

const product = startProductInBrowser();


/** A new merchant signed in by OTP, made eligible for customer success (set by the provider: here in the database). */
async function eligibleMerchant(page: Page) {
  const email = `plans.${Date.now()}@example.com`;
  await signInByOtp(page, product.baseUrl, email);
  const { uuid } = await merchantOfPage(page, product.baseUrl);
  await product.query(`update merchants set record = jsonb_set(record, '{is_cs_eligible}', 'true') where uuid = $1`, [uuid]);
  return uuid;
}
const planOf = async (uuid: string) => (await product.query<{ cs_plan: unknown }>(`select record->'cs_plan' as cs_plan from merchants where uuid = $1`, [uuid]))[0]?.cs_plan;

describe('plans', () => {
  it('a merchant reviews Business Plus, fails then completes the sandbox payment, and comes back with the plan paid', async () => {
    const page = await product.phonePage();
    const uuid = await eligibleMerchant(page);

    await page.goto(`${product.baseUrl}/app/plans`);
    await page.getByRole('region', { name: 'Business Premium' }).waitFor();
    await snap(page, 'plans-list');
    await page.getByRole('button', { name: 'Compare plans' }).click();
    await page.getByRole('rowheader', { name: 'Business Growth Support' }).waitFor();
    await snap(page, 'plans-comparison');

    await page.getByRole('button', { name: 'SELECT Business Plus' }).click();
    await page.getByRole('region', { name: 'Review your plan' }).waitFor();
    await snap(page, 'plans-review');
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await page.getByRole('heading', { name: 'Sandbox payment' }).waitFor();
    await snap(page, 'plans-sandbox-payment');
    expect(await planOf(uuid)).toEqual({ name: 'Business Plus', status: 'payment_pending' });
    await page.getByRole('button', { name: 'Fail the payment' }).click();
    await page.waitForURL(/\/app\/plans$/);
    await page.getByRole('region', { name: 'Business Plus' }).waitFor();

    await page.getByRole('button', { name: 'SELECT Business Plus' }).click();
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/app\/welcome$/);
    await page.getByText('What would you like to do?').waitFor();
    expect(await page.getByRole('heading', { name: 'Go Premium' }).count()).toBe(0);
    expect(await planOf(uuid)).toEqual({ name: 'Business Plus', status: 'payment_completed' });

    // A paid plan closes the plans screen.
    await page.goto(`${product.baseUrl}/app/plans`);
    await page.waitForURL(/\/app\/welcome$/);
  });

  it('Starter turns new_merchant off and goes to onboarding', async () => {
    const page = await product.phonePage();
    const uuid = await eligibleMerchant(page);
    await page.goto(`${product.baseUrl}/app/plans`);
    await page.getByRole('button', { name: 'SELECT Starter' }).click();
    await page.waitForURL(/\/app\/onboarding$/);
    const [row] = await product.query<{ new_merchant: boolean }>(`select (record->>'new_merchant')::boolean as new_merchant from merchants where uuid = $1`, [uuid]);
    expect(row?.new_merchant).toBe(false);
  });
});
