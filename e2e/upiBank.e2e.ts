import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { openStep, row, signUpWithPan, status } from './journey';

const product = startProductInBrowser();

describe('a new merchant verifies the bank account by a ₹1 UPI payment on a phone', () => {
  it('pays in the sandbox UPI app, gets the account number and IFSC filled, submits and is verified without a test deposit', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AABCU4321L', entity: 'Private Limited', prefix: 'upi' });
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await bank.getByLabel(/^Business Name/).fill('Usha Rao Technologies');

    await bank.getByRole('button', { name: 'PAY ₹1 WITH UPI' }).click();
    const open = bank.getByRole('link', { name: 'OPEN YOUR UPI APP' });
    await open.waitFor();
    await expect.poll(() => bank.getByText(/^Waiting for your payment: \d+:\d{2} left$/).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/upi-waiting.png`, fullPage: true });
    await expectAccessible(page, 'upi-waiting');

    // The sandbox UPI app opens beside the app; the page learns of the payment by itself.
    const [upiApp] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    await upiApp.getByRole('heading', { name: 'Sandbox UPI app' }).waitFor();
    await upiApp.screenshot({ path: `${SCREENSHOTS}/upi-sandbox-app.png`, fullPage: true });
    await upiApp.getByRole('button', { name: /^Pay ₹1\.00 from .*'s account$/ }).click();
    await upiApp.getByText('Paid. Return to the app.').waitFor();
    await upiApp.close();

    const paid = bank.getByText(/^Paid from ABHYUDAYA COOPERATIVE BANK LIMITED account ending \d{4}\. Submit to save it: no test deposit is needed\.$/);
    await paid.waitFor({ timeout: 20_000 });
    await expect.poll(() => bank.getByLabel(/Bank Account Number/).inputValue()).toMatch(/^5010\d{10}$/);
    expect(await bank.getByLabel(/IFSC Code/).inputValue()).toBe('ABHY0065201');
    await page.screenshot({ path: `${SCREENSHOTS}/upi-paid.png`, fullPage: true });
    await expectAccessible(page, 'upi-paid');

    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'bank-details'), { timeout: 20_000 }).toBe('Completed');
    // No test deposit: the amount is never asked for.
    expect(await page.getByLabel(/Amount deposited/).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/upi-verified.png`, fullPage: true });
    await page.waitForURL(/\/app\/onboarding\/website$/, { timeout: 15_000 });
  });
});
