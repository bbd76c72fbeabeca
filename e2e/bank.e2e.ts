import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { latestSandboxMessage, openStep, row, signUpWithPan } from './journey';

const product = startProductInBrowser();

describe('a new merchant verifies the bank account on a phone', () => {
  it('finds the IFSC through the search, watches the deposit land live, reads the amount, enters a wrong then the right one, and moves on', async () => {
    const page = await product.phonePage();
    const email = await signUpWithPan(page, product.baseUrl, { pan: 'AABCM5678L', entity: 'Private Limited', prefix: 'bank' });
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await bank.getByLabel(/^Business Name/).fill('Meera Sharma Technologies');
    await bank.getByLabel(/Bank Account Number/).fill('50100234567890');

    await bank.getByRole('button', { name: 'Find your IFSC' }).click();
    const search = page.getByRole('dialog', { name: 'IFSC search' });
    await search.getByRole('combobox', { name: /Bank name/ }).fill('ABHYUDAYA');
    await page.getByRole('option', { name: 'ABHYUDAYA COOPERATIVE BANK LIMITED' }).click();
    await search.getByRole('combobox', { name: /State/ }).click();
    await page.getByRole('option', { name: 'GUJARAT' }).click();
    await search.getByRole('combobox', { name: /City/ }).click();
    await page.getByRole('option', { name: 'VADODARA' }).click();
    await search.getByRole('combobox', { name: /Branch/ }).click();
    await page.getByRole('option', { name: /MANDVI/ }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/ifsc-search.png` });
    await expectAccessible(page, 'ifsc-search');
    await search.getByRole('button', { name: 'Use this IFSC' }).click();
    await expect.poll(() => bank.getByLabel(/IFSC Code/).inputValue()).toBe('ABHY0065201');
    await expect.poll(() => bank.getByText(/MANDVI/).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-form-ifsc-chosen.png`, fullPage: true });
    await expectAccessible(page, 'bank-form-ifsc-chosen');

    // The deposit lands while the page stays as it is: the live channel brings it (no reload, no navigation).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await bank.getByRole('button', { name: 'Submit' }).click();
    const amountField = page.getByLabel(/Amount deposited/);
    await amountField.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The details stay as sent while they are being verified: no second Submit beside the amount's Verify.
    expect(await bank.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-amount.png`, fullPage: true });
    await expectAccessible(page, 'penny-amount');

    const statement = await latestSandboxMessage(page, product.baseUrl, email);
    const amount = /INR (\d+\.\d{2})/.exec(statement)?.[1];
    expect(amount, statement).toBeDefined();
    await amountField.fill(amount === '1.00' ? '2.00' : '1.00');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByText('2 attempts remaining!').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-wrong-amount.png`, fullPage: true });
    await expectAccessible(page, 'penny-wrong-amount');

    await amountField.fill(amount!);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByText(/Your bank account is verified/).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-verified.png`, fullPage: true });
    await page.waitForURL(/\/app\/onboarding\/website$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('tab', { name: /Website/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/after-bank-verified.png`, fullPage: true });
    await page.context().close();
  });
});
