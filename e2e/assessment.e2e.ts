import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, signInByOtp } from './journey';

const product = startProductInBrowser();


/** A new merchant signed in by OTP (lands on /app/onboarding). */
async function signIn(page: Page) {
  const email = `assessment.${Date.now()}@example.com`;
  await signInByOtp(page, product.baseUrl, email);
}

describe('needs assessment and welcome', () => {
  it('a new merchant answers the two steps, lands on welcome with the Go Premium nudge, and is no longer sent to the assessment', async () => {
    const page = await product.phonePage();
    await signIn(page);
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    // Customer-success eligibility is set by the provider, not by the merchant: the test sets it in the database.
    await product.query(`update merchants set record = jsonb_set(record, '{is_cs_eligible}', 'true') where uuid = $1`, [uuid]);

    await page.goto(`${product.baseUrl}/app/assessment`);
    await page.getByRole('radiogroup', { name: 'Please select what describes you best' }).waitFor();
    expect(await page.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await snap(page, 'assessment-step-1');
    await page.getByRole('radio', { name: /Business owner/ }).check();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'What are you looking for from the provider?' }).waitFor();
    await page.getByRole('checkbox', { name: /Payment links/ }).check();
    await snap(page, 'assessment-step-2');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/app\/welcome$/);
    await page.getByText('What would you like to do?').waitFor();
    await page.getByRole('heading', { name: 'Go Premium' }).waitFor();
    await snap(page, 'welcome');
    const [row] = await product.query<{ new_merchant: boolean }>(`select (record->>'new_merchant')::boolean as new_merchant from merchants where uuid = $1`, [uuid]);
    expect(row?.new_merchant).toBe(false);

    await page.goto(`${product.baseUrl}/app/assessment`);
    await page.waitForURL(/\/app\/welcome$/);
    await page.getByRole('link', { name: 'ACTIVATE ACCOUNT' }).click();
    await page.waitForURL(/\/app\/onboarding$/);
  });
});
