import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { openStep, row, signUpWithPan } from './journey';

const product = startProductInBrowser();

describe('a new merchant verifies the bank account on a phone', () => {
  it('finds the IFSC through the search (bank, state, city, branch) and submits the bank form', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AABCM5678L', entity: 'Private Limited', prefix: 'bank' });
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

    await bank.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => row(page, 'bank-details').getAttribute('data-status')).not.toBe('To do');
    await page.context().close();
  });
});
