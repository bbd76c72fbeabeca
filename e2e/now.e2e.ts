import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';

const product = startProductInBrowser();
/** The now product's host (Chromium resolves *.localhost to this machine): its merchants use the app there. */
const nowUrl = () => product.baseUrl.replace('127.0.0.1', 'now.localhost');

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`${nowUrl()}/app/account`);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByLabel(/^Password/).fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app\/onboarding$/);
}

describe('the NOW product bank screens on a phone', () => {
  it('takes the bank details and, for a deposit by NEFT, shows the fallback with its three steps', async () => {
    const page = await product.phonePage();
    await signInWithPassword(page, 'demo.now@example.com');
    await page.goto(`${nowUrl()}/app/bank-details`);
    await page.getByRole('heading', { level: 1, name: 'Provide bank details to setup your payment gateway' }).waitFor();
    await page.getByLabel(/Bank Account Number/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/now-bank-form.png`, fullPage: true });
    await expectAccessible(page, 'now-bank-form');

    await page.getByLabel(/^Business Name/).fill('Kiran Kirana');
    await page.getByLabel(/Bank Account Number/).fill('999900000003');
    await page.getByLabel(/IFSC Code/).fill('ABHY0065201');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Few more steps to activate your payment gateway' }).waitFor();
    expect(await page.getByRole('listitem').count()).toBe(3);
    await page.screenshot({ path: `${SCREENSHOTS}/now-neft-fallback.png`, fullPage: true });
    await expectAccessible(page, 'now-neft-fallback');
    await page.getByRole('button', { name: 'CHOOSE WEBSITE NAME' }).click();

    // The website name: the name the NOW store and payment page show, suggested from the names the merchant gave.
    await page.waitForURL(/\/app\/display-name\?from=%2Fbank-details$/);
    await page.getByRole('heading', { level: 1, name: 'Choose your website name' }).waitFor();
    const suggestions = page.getByRole('group', { name: 'Suggested names' });
    await suggestions.getByRole('button', { name: 'Kiran Kirana', exact: true }).waitFor();
    const field = page.getByRole('textbox', { name: /Website name/ });
    expect(await field.inputValue()).toBe('Kiran Kirana');
    await page.screenshot({ path: `${SCREENSHOTS}/now-display-name.png`, fullPage: true });
    await expectAccessible(page, 'now-display-name');

    await field.fill('Kiran Kirana <Pune>');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText(/Use letters, numbers, spaces and & \. , ' \( \) - only/).first().waitFor();
    await expectAccessible(page, 'now-display-name-refused');
    await field.fill('Kiran Kirana (Pune)');
    await page.getByRole('button', { name: 'Save name' }).click();

    await page.waitForURL(/\/app\/bank-details$/);
    await page.getByText('Website name saved. Your customers will see Kiran Kirana (Pune).').waitFor();
    await page.getByText('Website name: Kiran Kirana (Pune)').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Few more steps to activate your payment gateway' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/now-display-name-saved.png`, fullPage: true });
    await expectAccessible(page, 'now-display-name-saved');
    await page.context().close();
  });

  it('keeps the website name screen to the NOW product', async () => {
    const page = await product.phonePage();
    await signInWithPassword(page, 'demo.private@example.com');
    await page.goto(`${nowUrl()}/app/display-name`);
    await page.waitForURL(/\/app\/onboarding$/);
    await page.context().close();
  });

  it('sends a merchant of another product to /onboarding', async () => {
    const page = await product.phonePage();
    await signInWithPassword(page, 'demo.private@example.com');
    await page.goto(`${nowUrl()}/app/bank-details`);
    await page.waitForURL(/\/app\/onboarding$/);
    await page.context().close();
  });
});
