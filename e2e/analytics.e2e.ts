import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, row, signInByOtp, status } from './journey';

const product = startProductInBrowser();

/** The rows of the sandbox analytics page: event, properties (as stored) and how many times it fired. */
async function recordedEvents(page: Page): Promise<Array<{ name: string; properties: Record<string, unknown>; times: number }>> {
  await page.goto(`${product.baseUrl}/sandbox/analytics`);
  return page.locator('tr.event').evaluateAll((rows) =>
    rows.map((row) => ({
      name: row.querySelector('th')!.textContent!,
      properties: JSON.parse(row.querySelector('code')!.textContent!) as Record<string, unknown>,
      times: Number(row.querySelector('.times')!.textContent),
    })),
  );
}

describe('analytics in the sandbox', () => {
  it('records the lead-tracking parameters once a session and form_complete once per saved step, nothing personal', async () => {
    const page = await product.phonePage();
    const email = `analytics.${Date.now()}@example.com`;
    // Arrives from a campaign: the lead-tracking parameters (one of them carrying an e-mail, which must not travel).
    await signInByOtp(page, product.baseUrl, email, `${product.baseUrl}/app/account?utm_source=sms&utm_campaign=diwali&utm_term=${encodeURIComponent(email)}`);

    const panRow = row(page, 'pan-details');
    await panRow.getByLabel(/PAN Number/).pressSequentially('AAACA4521K');
    await chooseOption(panRow, /Business Entity/, 'Private Limited');
    await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('dialog', { name: 'PAN verified' }).getByRole('button', { name: 'Continue' }).click();

    const business = row(page, 'business-details');
    await expect.poll(() => business.getByRole('combobox', { name: /Business Type/ }).isVisible()).toBe(true);
    await chooseOption(business, /Business Type/, /.+/);
    await chooseOption(business, /Business Sub Type/, /.+/);
    await chooseOption(business, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await business.getByRole('radio', { name: 'No' }).check();
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');

    const sandbox = await page.context().newPage();
    await expect
      .poll(async () => (await recordedEvents(sandbox)).map((event) => event.name).sort())
      .toEqual(['form_complete', 'lead_params']);
    // A reload in the same session sends the lead-tracking parameters no second time.
    await page.reload();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');
    await page.waitForTimeout(3000);

    expect(await recordedEvents(sandbox)).toEqual([
      { name: 'form_complete', properties: { step_name: 'business_details_submitted', step_number: 2 }, times: 1 },
      { name: 'lead_params', properties: { utm_source: 'sms', utm_campaign: 'diwali' }, times: 1 },
    ]);
    expect(await sandbox.content()).not.toContain(email);
    await expectAccessible(sandbox, 'sandbox-analytics');
    await sandbox.screenshot({ path: `${SCREENSHOTS}/sandbox-analytics.png`, fullPage: true });
  });
});
