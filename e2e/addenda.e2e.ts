import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { latestSandboxMessage, merchantOfPage, openStep, row, signUpWithPan, staffAuth } from './journey';

const product = startProductInBrowser();

/** Sends the Website step's addresses and confirms them with the OTP the sandbox inbox received. */
async function sendWebsite(page: Page, email: string, url: string) {
  const website = row(page, 'website-details');
  await website.getByRole('radio', { name: 'On my website or app' }).check();
  await website.getByLabel(/Website URL/).fill(url);
  const before = await latestSandboxMessage(page, product.baseUrl, email);
  await website.getByRole('button', { name: 'Submit', exact: true }).click();
  const otp = page.getByRole('dialog', { name: 'Verify it is you' });
  await otp.getByLabel('OTP digit 1').waitFor();
  // A second OTP within the resend gap is refused with the time to wait: wait it out and ask again, as a merchant would.
  const wait = otp.getByText(/^Please wait \d+ seconds before requesting another OTP\.$/);
  let message = '';
  let resent = false;
  await expect
    .poll(async () => {
      if (!resent && (await wait.isVisible())) {
        await page.waitForTimeout((Number(/\d+/.exec((await wait.textContent()) ?? '')?.[0] ?? 30) + 1) * 1000);
        await otp.getByRole('button', { name: 'RESEND OTP' }).click();
        resent = true;
      }
      message = await latestSandboxMessage(page, product.baseUrl, email);
      return message !== before && /website details/.test(message);
    }, { timeout: 60_000 })
    .toBe(true);
  await otp.getByLabel('OTP digit 1').click();
  await page.keyboard.type(/\b(\d{4})\b/.exec(message)?.[1] ?? '');
  await otp.getByRole('button', { name: 'Verify' }).click();
}

describe('a change of approved details is an addendum', () => {
  it('the merchant changes an approved website, accepts the addendum, a reviewer approves it in the console; only then the website changes', async () => {
    const page = await product.phonePage();
    const email = await signUpWithPan(page, product.baseUrl, { pan: 'AAACP7311K', entity: 'Private Limited', prefix: 'addendum' });
    await openStep(page, 'website-details');
    await sendWebsite(page, email, 'https://nimbus.example.com');
    await page.getByRole('dialog', { name: 'Your website is live' }).getByRole('button', { name: 'YES, IT IS ACTIVE' }).click();

    // The reviewer finds the website OK (staff review call); the open page follows on the live channel.
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    const reviewerAuth = await staffAuth(page, product.baseUrl, 'ops.reviewer@example.com');
    expect((await page.request.post(`${product.baseUrl}/api/v1/ops/websites/${uuid}/review`, { headers: reviewerAuth, data: { status: 'Website OK' } })).status()).toBe(200);
    await expect.poll(() => row(page, 'website-details').getAttribute('data-status')).toBe('Completed');

    // A new address for the approved website: an addendum to accept; the step stays open on it.
    await openStep(page, 'website-details');
    await sendWebsite(page, email, 'https://shop.nimbus.example.com');
    const website = row(page, 'website-details');
    const addendum = website.getByRole('region', { name: 'Addendum to your service agreement' });
    await addendum.getByText(/Now: https:\/\/nimbus\.example\.com/).waitFor();
    await addendum.getByText(/New: https:\/\/shop\.nimbus\.example\.com/).waitFor();
    await expect.poll(() => website.getByText('Accept the addendum for your change').isVisible()).toBe(true);
    await expectAccessible(page, 'website-addendum');
    await page.screenshot({ path: `${SCREENSHOTS}/website-addendum.png`, fullPage: true });
    const pdf = await page.request.get(`${product.baseUrl}/api/v1/merchants/${uuid}/addenda`, { headers: (await merchantOfPage(page, product.baseUrl)).auth });
    expect(((await pdf.json()) as { addenda: Array<{ status: string }> }).addenda).toEqual([expect.objectContaining({ source: 'website_detail', status: 'pending' })]);
    await addendum.getByRole('button', { name: 'ACCEPT ADDENDUM' }).click();
    await addendum.getByText(/^You accepted the addendum\./).waitFor();
    await expect.poll(() => website.getByText('Your change is being reviewed; your current details apply until then').isVisible()).toBe(true);

    // The reviewer opens it from the console's queue: before and after beside the addendum PDF, and approves.
    const reviewer = await product.phonePage();
    await reviewer.goto(`${product.baseUrl}/app/account`);
    await reviewer.getByRole('button', { name: 'Sign in with password' }).click();
    await reviewer.getByLabel('E-mail or mobile number').fill('ops.reviewer@example.com');
    await reviewer.getByLabel('Password').fill(DEMO_PASSWORD);
    await reviewer.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reviewer.getByRole('heading', { name: 'Operations console' }).waitFor();
    await reviewer.getByRole('tab', { name: 'Review queue' }).click();
    const item = reviewer.getByRole('button', { name: /^REVIEW Addendum · website/ }).first();
    await item.click();
    const dialog = reviewer.getByRole('dialog', { name: /^Addendum · website/ });
    await dialog.getByText(/Now: https:\/\/nimbus\.example\.com · Asked for: https:\/\/shop\.nimbus\.example\.com/).waitFor();
    await dialog.locator('iframe').waitFor();
    await expectAccessible(reviewer, 'ops-addendum-review');
    await reviewer.screenshot({ path: `${SCREENSHOTS}/ops-addendum-review.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'APPROVE' }).click();
    await reviewer.getByText("Approved: the merchant's details are changed.").waitFor();

    // The merchant's open page: the addendum is gone, the website reads the new address.
    await expect.poll(() => addendum.count()).toBe(0);
    await expect.poll(() => website.getByLabel(/Website URL/).inputValue()).toBe('https://shop.nimbus.example.com');
    expect(await row(page, 'website-details').getAttribute('data-status')).toBe('Completed');
    await page.screenshot({ path: `${SCREENSHOTS}/website-addendum-approved.png`, fullPage: true });
    await reviewer.context().close();
    await page.context().close();
  });
});
