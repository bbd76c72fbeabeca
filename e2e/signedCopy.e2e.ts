import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aclPermissions } from '../schemas/registry';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { latestSandboxMessage, merchantOfPage, openStep, row, signInByOtp, signUpWithPan, status } from './journey';

const product = startProductInBrowser();

/** A 1×1 PNG (the smallest valid PNG, as published; see test/server/multipart.ts). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function scannedPdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text, { x: 40, y: 800, size: 14 });
  return Buffer.from(await pdf.save());
}

/** Checks a screen with axe (after its transitions end) and keeps its screenshot. */
const snap = async (page: Page, name: string) => {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
};

/** Signs a demo staff member in with their password (README); staff land on the console's review queue tab. */
async function openReviewQueue(page: Page, email: string) {
  await page.goto(`${product.baseUrl}/app/account`);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Operations console' }).waitFor();
  await page.getByRole('tab', { name: 'Review queue' }).click();
}

describe('documents instead of a signature, and for a website, on a phone', () => {
  it('a company uploads its signed and stamped agreement page by page; a reviewer approves it and the step completes', async () => {
    const page = await product.phonePage();
    // The Android app's bridge, as the host app installs it: what the page posts is kept for the test to read.
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, { hostMessages: sent, Android: { postMessage: (json: string) => void sent.push(json) } });
    });
    await signUpWithPan(page, product.baseUrl, { pan: 'AAACP7311K', entity: 'Private Limited', prefix: 'copy' });

    // The steps before the agreement, through the API (each has its own browser test).
    const { uuid, auth } = await merchantOfPage(page, product.baseUrl);
    const api = (method: 'put' | 'post', path: string, data: unknown) => page.request[method](`${product.baseUrl}${path}`, { headers: auth, data });
    expect((await api('put', `/api/v1/merchants/${uuid}`, { merchant: { business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' } })).status()).toBe(200);
    expect((await api('post', `/api/v1/merchants/${uuid}/website_details`, { website_detail: { integration_type: 'TOOLS' } })).status()).toBe(200);
    const merchant = (await (await page.request.get(`${product.baseUrl}/api/v1/merchants/${uuid}`, { headers: auth })).json()) as { merchant: { account_uuid: string; mid: number } };
    const account = await api('put', `/api/v1/accounts/${merchant.merchant.account_uuid}`, {
      merchant_uuid: uuid,
      account: { signatory_contact_details_attributes: [{ name: 'Kavya Patel', email: `signatory.${Date.now()}@example.com`, pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', pep: 3 }] },
    });
    expect(account.status(), await account.text()).toBe(200);
    await page.reload();

    await openStep(page, 'service-agreement');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 20_000 });
    await ready.getByRole('button', { name: 'CLOSE' }).click();
    await ready.waitFor({ state: 'detached' });

    // Instead of e-signing: the signed and stamped copy, two pages through the documents uploader (ACCEPT, as the
    // spec names an agreement's upload button), merged on DONE.
    await agreement.getByRole('region', { name: 'Upload the signed and stamped copy' }).waitFor();
    await snap(page, 'agreement-copy-offer');

    // A team member who may view the profile but not change it sees the same upload, and is told it is not theirs.
    const viewerRole = await api('post', `/api/v1/merchants/${uuid}/acl_roles`, {
      acl_role: { name: 'Viewer', acl_permission_uuids: [aclPermissions.catalogue.find((permission) => permission.name === 'user_profile')!.uuid] },
    });
    expect(viewerRole.status(), await viewerRole.text()).toBe(201);
    const viewerEmail = `copy.viewer.${Date.now()}@example.com`;
    const invited = await api('post', `/api/v1/merchants/${uuid}/staff_invites`, { name: 'Ravi Kumar', email: viewerEmail, acl_role_id: ((await viewerRole.json()) as { acl_role: { id: number } }).acl_role.id, mobile: null });
    expect(invited.status(), await invited.text()).toBe(201);
    const viewer = await product.phonePage();
    await signInByOtp(viewer, product.baseUrl, viewerEmail);
    await openStep(viewer, 'service-agreement');
    await row(viewer, 'service-agreement').getByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy', exact: true }).click();
    const noAccess = viewer.getByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
    await noAccess.waitFor();
    await snap(viewer, 'agreement-copy-no-access');
    await noAccess.getByRole('button', { name: 'Ok, got it!' }).click();
    await noAccess.waitFor({ state: 'detached' });
    expect(await viewer.getByRole('dialog', { name: 'Service Agreement' }).count()).toBe(0);
    await viewer.context().close();
    await agreement.getByRole('button', { name: 'ACCEPT: Upload the signed and stamped copy', exact: true }).click();
    const uploader = page.getByRole('dialog', { name: 'Service Agreement' });
    await uploader.locator('input[type=file][aria-label="Page 1"]').setInputFiles({ name: 'signed page 1.pdf', mimeType: 'application/pdf', buffer: await scannedPdf('Signed by Kavya Patel, Director') });
    await uploader.locator('input[type=file][aria-label="Add More"]').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: PNG });
    const done = uploader.getByRole('button', { name: 'DONE', exact: true });
    await expect.poll(() => done.isEnabled()).toBe(true);
    await snap(page, 'agreement-copy-pages');
    await done.click();
    await uploader.waitFor({ state: 'detached' });
    // The row says where it stands (the rules' reason line), and no other copy is offered meanwhile.
    await agreement.getByText('Signed copy received: waiting for approval').waitFor();
    await agreement.getByRole('region', { name: 'Upload the signed and stamped copy' }).waitFor({ state: 'detached' });
    await expect.poll(() => status(page, 'service-agreement')).not.toBe('Completed');
    await snap(page, 'agreement-copy-in-review');

    // The reviewer finds it in the queue, reads the merged copy and approves it.
    const reviewer = await product.phonePage();
    await openReviewQueue(reviewer, 'ops.reviewer@example.com');
    await reviewer.getByRole('button', { name: `REVIEW Service Agreement, MID ${merchant.merchant.mid}` }).click();
    const review = reviewer.getByRole('dialog');
    await review.locator('iframe[title="The document sent"]').waitFor();
    await snap(reviewer, 'ops-agreement-copy');
    await review.getByRole('button', { name: 'APPROVE' }).click();
    await reviewer.getByText('Approved.', { exact: true }).waitFor();

    // The merchant's open page hears it: the agreement's step is complete, and the host app is told.
    await expect.poll(() => status(page, 'service-agreement'), { timeout: 15_000 }).toBe('Completed');
    await expect.poll(() => page.evaluate(() => (window as unknown as { hostMessages: string[] }).hostMessages.map((json) => (JSON.parse(json) as { event: string }).event))).toContain('OnboardingCompleted');
    await snap(page, 'agreement-copy-approved');
  });

  it('a reviewer asks for a document of the website; the merchant uploads it on the Website tab; the reviewer reads it and approves the website', async () => {
    // A merchant whose bank is verified (the Website tab shows) sends a website with the OTP from the inbox.
    const page = await product.phonePage();
    await page.goto(`${product.baseUrl}/app/account`);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill('demo.public@example.com');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/onboarding$/);
    const { uuid, auth } = await merchantOfPage(page, product.baseUrl);
    const sent = await page.request.post(`${product.baseUrl}/api/v1/otps`, { headers: auth, data: { otp: { scope: 'update_website_details', merchant_uuid: uuid, channels: ['email', 'sms'], type: 'SignIn' } } });
    expect(sent.status(), await sent.text()).toBe(200);
    const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, product.baseUrl, 'demo.public@example.com'))?.[1] ?? '';
    const verified = await page.request.post(`${product.baseUrl}/api/v1/otps/verify`, { headers: auth, data: { otp: { code, scope: 'update_website_details', merchant_uuid: uuid } } });
    expect(verified.status(), await verified.text()).toBe(200);
    const website = await page.request.post(`${product.baseUrl}/api/v1/merchants/${uuid}/website_details`, {
      headers: { ...auth, 'alternative-token': ((await verified.json()) as { alternative_token: string }).alternative_token },
      data: { website_detail: { integration_type: 'THIRD_PARTY', website_url: 'https://www.publicltd.example.in' } },
    });
    expect(website.status(), await website.text()).toBe(200);
    const mid = ((await (await page.request.get(`${product.baseUrl}/api/v1/merchants/${uuid}`, { headers: auth })).json()) as { merchant: { mid: number } }).merchant.mid;
    await page.goto(`${product.baseUrl}/app/onboarding/website`);
    const tab = page.getByRole('region', { name: 'Website Details' });
    await tab.getByText('Your website is being reviewed').first().waitFor();

    // The reviewer disapproves it in the console and asks for proof that the merchant owns the domain.
    const reviewer = await product.phonePage();
    await openReviewQueue(reviewer, 'ops.reviewer@example.com');
    await reviewer.getByRole('button', { name: `REVIEW Website, MID ${mid}` }).click();
    let review = reviewer.getByRole('dialog');
    await review.getByRole('button', { name: 'DECLINE' }).click();
    await review.getByRole('combobox', { name: 'Why it is not approved' }).click();
    await reviewer.getByRole('option', { name: 'Website Incomplete' }).click();
    await review.getByRole('combobox', { name: 'Ask for a document (optional)' }).click();
    await reviewer.getByRole('option', { name: 'Proof of domain ownership' }).click();
    await review.getByLabel('Comment for the merchant (optional)').fill('Please show that the domain is registered to your company.');
    await snap(reviewer, 'ops-website-ask-document');
    await review.getByRole('button', { name: 'DECLINE' }).click();
    await reviewer.getByText('Not approved: the merchant is asked for the document and sees why.').waitFor();

    // The open Website tab shows what is asked (live channel); the merchant uploads it with the documents uploader.
    const documents = tab.getByRole('region', { name: 'Documents for your website' });
    const asked = documents.getByRole('listitem', { name: 'Proof of domain ownership' });
    await asked.getByText(/^Asked for by the reviewer/).waitFor({ timeout: 15_000 });
    await tab.getByText('Please show that the domain is registered to your company.').waitFor();
    await asked.getByRole('button', { name: 'UPLOAD: Proof of domain ownership', exact: true }).click();
    const uploader = page.getByRole('dialog', { name: 'Proof of domain ownership' });
    await uploader.locator('input[type=file][aria-label="Proof of domain ownership"]').setInputFiles({ name: 'domain invoice.pdf', mimeType: 'application/pdf', buffer: await scannedPdf('Domain registration: publicltd.example.in') });
    await uploader.waitFor({ state: 'detached' });
    await asked.getByText('File: domain invoice.pdf').waitFor();
    await snap(page, 'website-document-uploaded');
    await documents.getByRole('button', { name: 'SUBMIT DOCUMENT', exact: true }).click();
    await documents.getByText('Thanks for providing document. We will get back to you.').waitFor();
    await tab.getByText('Your website is being reviewed').first().waitFor();
    await snap(page, 'website-document-submitted');

    // Back in the queue with its document: the reviewer reads it and approves the website.
    await reviewer.getByRole('combobox', { name: 'Category' }).click();
    await reviewer.getByRole('option', { name: 'WEBSITE' }).click();
    await reviewer.getByRole('button', { name: `REVIEW Website, MID ${mid}` }).click();
    review = reviewer.getByRole('dialog');
    await review.getByRole('button', { name: 'View domain invoice.pdf' }).click();
    await review.locator('iframe[title="The document sent"]').scrollIntoViewIfNeeded();
    await snap(reviewer, 'ops-website-document');
    await review.getByRole('button', { name: 'APPROVE' }).click();
    await reviewer.getByText('Approved: the website is OK.').waitFor();
    await tab.getByText('Website OK').first().waitFor({ timeout: 15_000 });
    await asked.getByText('Approved', { exact: true }).waitFor();
    // The thanks was for the submission: the review that followed replaces it.
    await documents.getByText('Thanks for providing document. We will get back to you.').waitFor({ state: 'detached' });
    await snap(page, 'website-document-approved');
  });
});
