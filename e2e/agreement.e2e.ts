import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { latestSandboxMessage, merchantOfPage, openStep, row, signUpWithPan, status } from './journey';

const product = startProductInBrowser();

describe('a merchant signs the service agreement on a phone inside the provider\'s Android app', () => {
  it('generates, reads to the end and accepts, e-signs it with the authorisation letter and Schedule C under one signatory\'s OTP; the app hears OnboardingCompleted', async () => {
    const page = await product.phonePage();
    // The Android app's bridge, as the host app installs it: what the page posts is kept for the test to read.
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { hostMessages: sent, Android: { postMessage: (json: string) => void sent.push(json) } });
    });
    const email = await signUpWithPan(page, product.baseUrl, { pan: 'AAACP7311K', entity: 'Private Limited', prefix: 'agreement' });

    // A website that is not live yet: the check says so, and the merchant answers that the domain is not active.
    await openStep(page, 'website-details');
    const website = row(page, 'website-details');
    await website.getByRole('radio', { name: 'On my website or app' }).check();
    await website.getByLabel(/Website URL/).fill('https://notlive.example.com');
    await website.getByRole('button', { name: 'Submit', exact: true }).click();
    const otp = page.getByRole('dialog', { name: 'Verify it is you' });
    await otp.getByLabel('OTP digit 1').waitFor();
    await expect.poll(async () => /website details/.test(await latestSandboxMessage(page, product.baseUrl, email))).toBe(true);
    await otp.getByLabel('OTP digit 1').click();
    await page.keyboard.type(/\b(\d{4})\b/.exec(await latestSandboxMessage(page, product.baseUrl, email))?.[1] ?? '');
    await otp.getByRole('button', { name: 'Verify' }).click();
    const notLive = page.getByRole('dialog', { name: 'Your website does not look live yet' });
    await notLive.getByText('We could not reach a website at https://notlive.example.com.').waitFor();
    await expectAccessible(page, 'website-status-inactive');
    await page.screenshot({ path: `${SCREENSHOTS}/website-status-inactive.png` });
    await notLive.getByRole('button', { name: 'NO, NOT YET' }).click();
    await notLive.waitFor({ state: 'detached' });

    // The steps before the agreement, through the API (each has its own browser test): business details, payment
    // links and tools after all (no website), the signing authority.
    const { uuid, auth } = await merchantOfPage(page, product.baseUrl);
    const api = (method: 'put' | 'post', path: string, data: unknown) => page.request[method](`${product.baseUrl}${path}`, { headers: auth, data });
    expect((await api('put', `/api/v1/merchants/${uuid}`, { merchant: { business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' } })).status()).toBe(200);
    expect((await api('post', `/api/v1/merchants/${uuid}/website_details`, { website_detail: { integration_type: 'TOOLS' } })).status()).toBe(200);
    const merchant = (await (await page.request.get(`${product.baseUrl}/api/v1/merchants/${uuid}`, { headers: auth })).json()) as { merchant: { account_uuid: string } };
    const signatory = `signatory.${Date.now()}@example.com`;
    const account = await api('put', `/api/v1/accounts/${merchant.merchant.account_uuid}`, {
      merchant_uuid: uuid,
      account: { signatory_contact_details_attributes: [{ name: 'Kavya Patel', email: signatory, pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', pep: 3 }] },
    });
    expect(account.status(), await account.text()).toBe(200);
    await page.reload();

    // The Documents tab: the letter and Schedule C can be signed on paper and uploaded, or e-signed with the agreement.
    const OFFERED = 'Or e-sign it with the service agreement: the one OTP sent to the signing authority signs both, and the signed copy is filed here.';
    const documentRow = (category: string) => page.locator(`li[data-category="${category}"]`);
    await page.getByRole('link', { name: 'Documents' }).click();
    for (const category of ['SIGNED_AUTHORISATION_LETTER', 'SC']) {
      await documentRow(category).getByText(OFFERED).waitFor();
      await documentRow(category).getByRole('button', { name: /^UPLOAD:/ }).waitFor();
    }
    expect(await page.getByText(OFFERED).count()).toBe(2);
    await documentRow('SIGNED_AUTHORISATION_LETTER').scrollIntoViewIfNeeded();
    await expectAccessible(page, 'documents-esign-offered');
    await page.screenshot({ path: `${SCREENSHOTS}/documents-esign-offered.png` });
    await page.getByRole('link', { name: 'Profile' }).click();

    await openStep(page, 'service-agreement');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 20_000 });
    await ready.getByRole('button', { name: 'CLOSE' }).click();

    await agreement.getByRole('button', { name: 'READ AND ACCEPT', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Service Agreement' });
    await modal.frameLocator('iframe[title="The service agreement"]').getByText('Signing authority: Kavya Patel (PAN ABCPV1234K)').waitFor();
    const accept = modal.getByRole('button', { name: 'I Accept' });
    for (let press = 0; press < 20 && !(await accept.isVisible()); press += 1) {
      await modal.getByRole('button', { name: 'Scroll the agreement down' }).click({ timeout: 2_000 }).catch(() => undefined);
      await page.waitForTimeout(300);
    }
    await expectAccessible(page, 'agreement-scrolled');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-scrolled.png` });
    await accept.click();

    await agreement.getByRole('button', { name: 'E-SIGN AGREEMENT', exact: true }).click();
    const esign = page.getByRole('dialog', { name: 'Review and e-sign your service agreement' });
    // Before the OTP goes: who receives it, and the three documents it signs, each to read.
    await esign.getByText(/We will send a one-time password to the signing authority, s\*+@example\.com: only the person who signs for the business can e-sign\. That one OTP signs all 3 documents below: read each first, then send the OTP\./).waitFor();
    const signedWithIt = esign.getByRole('list', { name: 'Documents signed with this OTP' });
    expect(await signedWithIt.getByRole('button').allInnerTexts()).toEqual(['Service agreement (PDF)', 'Authorisation Letter (PDF)', 'Schedule C (PDF)']);
    const [letterToRead] = await Promise.all([page.waitForEvent('download'), signedWithIt.getByRole('button', { name: 'Authorisation Letter (PDF)' }).click()]);
    const letterRead = await PDFDocument.load(readFileSync((await letterToRead.path())!));
    expect(letterRead.getTitle()).toBe('Authorisation Letter');
    await expectAccessible(page, 'msa-review-esign');
    await page.screenshot({ path: `${SCREENSHOTS}/msa-review-esign.png` });
    await esign.getByRole('button', { name: 'SEND OTP' }).click();
    await esign.getByLabel('OTP digit 1').waitFor();
    const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, product.baseUrl, signatory))?.[1] ?? '';
    await esign.getByLabel('OTP digit 1').click();
    await page.keyboard.type(code);
    await esign.getByRole('button', { name: 'E-SIGN' }).click();

    const success = page.getByRole('dialog', { name: 'Your service agreement is signed!' });
    await success.waitFor();
    expect(await success.getByText('Signed for').textContent()).toMatch(/^Signed for .+\.$/);
    await expectAccessible(page, 'msa-success');
    await page.screenshot({ path: `${SCREENSHOTS}/msa-success.png` });
    const messages = (await page.evaluate(() => (window as unknown as { hostMessages: string[] }).hostMessages)).map((json) => JSON.parse(json) as { event: string });
    expect(messages.filter((message) => message.event === 'OnboardingCompleted')).toHaveLength(1);
    await success.getByRole('button', { name: 'CLOSE' }).click();
    await expect.poll(() => status(page, 'service-agreement')).toBe('Completed');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-signed.png`, fullPage: true });

    // The same OTP signed the letter and Schedule C: each is on the Documents tab, e-signed, to download and send.
    await page.getByRole('link', { name: 'Documents' }).click();
    for (const category of ['SIGNED_AUTHORISATION_LETTER', 'SC']) {
      await documentRow(category).getByText('E-signed with the service agreement.').waitFor();
      expect(await documentRow(category).locator('.MuiChip-label').innerText()).toBe('Uploaded, not submitted');
    }
    const [letterSigned] = await Promise.all([page.waitForEvent('download'), documentRow('SIGNED_AUTHORISATION_LETTER').getByRole('button', { name: 'Download', exact: true }).click()]);
    const letterPdf = await PDFDocument.load(readFileSync((await letterSigned.path())!));
    expect(letterPdf.getKeywords()).toMatch(/^e-signed sha256:[0-9a-f]{64}$/);
    expect(letterPdf.getPageCount()).toBe(letterRead.getPageCount() + 1);
    await documentRow('SIGNED_AUTHORISATION_LETTER').scrollIntoViewIfNeeded();
    await expectAccessible(page, 'documents-esigned');
    await page.screenshot({ path: `${SCREENSHOTS}/documents-esigned.png` });
    await page.context().close();
  });
});
