import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, onePagePdf, PNG, signInToConsole, signUpWithPan } from './journey';

const product = startProductInBrowser();

/** Signs a demo staff member in with their password (README); staff land on the console. */
async function signInStaff(page: Page, email: string) {
  await signInToConsole(page, product.baseUrl, email);
  expect(new URL(page.url()).pathname).toBe('/app/ops');
}

const requiredSection = (page: Page) => page.locator('section[aria-labelledby="documents-required"]');
const optionalSection = (page: Page) => page.locator('section[aria-labelledby="documents-optional"]');

describe('operations staff change the document requirements and review documents', () => {
  it('the admin requires a GST certificate of partnerships (draft, diff, a fixture that blocks it, updated, published) while a merchant watches; the reviewer declines a document with a reason', async () => {
    // A Partnership merchant with the Documents tab open: the government certificate is optional.
    const merchant = await product.phonePage();
    await signUpWithPan(merchant, product.baseUrl, { pan: 'AAFFG7781Q', entity: 'Partnership', prefix: 'ops' });
    await merchant.getByRole('link', { name: 'Documents' }).click();
    await merchant.getByRole('heading', { name: 'PAN Card of the Partnership Firm' }).waitFor();
    await optionalSection(merchant).locator('li[data-category="GOVT_ISSUED_CERTIFICATE"]').waitFor();

    // The admin signs in and lands on the console: the live version as a table.
    const admin = await product.phonePage();
    await signInStaff(admin, 'ops.admin@example.com');
    const cell = admin.locator('td[data-entity="Partnership"][data-category="GOVT_ISSUED_CERTIFICATE"]');
    expect(await cell.innerText()).toBe('Optional');
    await snap(admin, 'ops-requirements');

    // A draft through the form renderer: Partnership leaves the optional row, a new row requires the GST certificate.
    await admin.getByRole('button', { name: 'NEW DRAFT' }).click();
    const optionalRow = admin.locator('#ops-draft_requirements_10_category');
    await optionalRow.waitFor();
    expect(await optionalRow.inputValue()).toBe('GOVT_ISSUED_CERTIFICATE');
    await admin.locator('#ops-draft_requirements_10_entities-3').uncheck();
    await admin.locator('#ops-draft_requirements__add').click();
    await admin.locator('#ops-draft_requirements_12_category').fill('GOVT_ISSUED_CERTIFICATE');
    await admin.locator('#ops-draft_requirements_12_required').check();
    await admin.locator('#ops-draft_requirements_12_entities-3').check();
    await admin.locator('#ops-draft_requirements_12_types__add').click();
    await admin.locator('#ops-draft_requirements_12_types_0').fill('GST_CERTIFICATE');
    await admin.getByLabel('What changes and why').fill('Partnerships must give their GST certificate');
    await snap(admin, 'ops-draft');
    await admin.getByRole('button', { name: 'SAVE DRAFT' }).click();

    // The check: the diff for Partnership only, and the repository's Partnership fixture fails, so Publish is off.
    await admin.getByRole('heading', { name: 'Version 2 against the live version 1' }).waitFor();
    const diffRows = admin.getByTestId('ops-diff').locator('tbody tr');
    await diffRows.first().waitFor();
    expect(await diffRows.evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell as HTMLElement).innerText)))).toEqual([
      ['Partnership', 'GOVT_ISSUED_CERTIFICATE', 'optional (GST_CERTIFICATE, NOC, UACC, TTC, SERVICE_TAX, OTHERS)', 'required (GST_CERTIFICATE)'],
    ]);
    await admin.getByTestId('ops-fixture-failures').getByText('Partnership documents').first().waitFor();
    expect(await admin.getByRole('button', { name: 'PUBLISH', exact: true }).isDisabled()).toBe(true);
    await snap(admin, 'ops-draft-blocked');

    // The fixture is updated to the new rule (as JSON, the testers' format) ...
    await admin.getByRole('tab', { name: 'Fixtures' }).click();
    await admin.getByRole('button', { name: 'EDIT Partnership documents' }).click();
    const json = admin.getByLabel('Fixture Partnership documents (JSON)');
    const fixture = JSON.parse(await json.inputValue()) as { expect: { documents: { required: string[]; optional: string[]; types: Record<string, string[]>; reasons?: Record<string, string> } } };
    fixture.expect.documents.required.push('GOVT_ISSUED_CERTIFICATE');
    fixture.expect.documents.optional = [];
    fixture.expect.documents.types.GOVT_ISSUED_CERTIFICATE = ['GST_CERTIFICATE'];
    // The new row gives no reason: the old one's no longer applies.
    delete fixture.expect.documents.reasons?.GOVT_ISSUED_CERTIFICATE;
    await json.fill(JSON.stringify(fixture, null, 2));
    await admin.getByRole('button', { name: 'SAVE FIXTURE' }).click();
    await admin.getByText('Fixture Partnership documents is saved.').waitFor();
    await snap(admin, 'ops-fixtures');

    // ... and the draft passes and is published, with a confirmation.
    await admin.getByRole('tab', { name: 'Document requirements' }).click();
    await admin.getByRole('button', { name: 'CHECK AND PUBLISH 2' }).click();
    await admin.getByText(/^All \d+ fixtures pass\.$/).waitFor();
    await admin.getByRole('button', { name: 'PUBLISH', exact: true }).click();
    const confirm = admin.getByRole('dialog');
    await confirm.getByText(/^Publish version 2\? It applies at once to the \d+ merchants who follow the published version\.$/).waitFor();
    await snap(admin, 'ops-publish-confirm');
    await confirm.getByRole('button', { name: 'YES' }).click();
    await admin.getByText(/^Version 2 is live for \d+ merchants\.$/).waitFor();
    await expect.poll(() => cell.innerText()).toBe('Required');

    // The merchant's open Documents tab shows the new requirement: no reload, no redeploy.
    await requiredSection(merchant).locator('li[data-category="GOVT_ISSUED_CERTIFICATE"]').waitFor();
    expect(await optionalSection(merchant).count()).toBe(0);
    await snap(merchant, 'ops-merchant-after-publish');

    // The merchant sends every document (through the API, as the documents test does it by hand) ...
    const { uuid, auth } = await merchantOfPage(merchant, product.baseUrl);
    const api = (path: string) => `${product.baseUrl}/api/v1${path}`;
    const record = ((await (await merchant.request.get(api(`/merchants/${uuid}`), { headers: auth })).json()) as { merchant: { account_uuid: string } }).merchant;
    const signatory = { name: 'Ravi Gupta', email: 'ravi@example.com', pancard_number: 'ABCPG1234K' };
    expect((await merchant.request.put(api(`/accounts/${record.account_uuid}`), { headers: auth, data: { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid } })).status()).toBe(200);
    const pdf = await onePagePdf('certificate');
    const uploads: Array<[string, string | null, { name: string; mimeType: string; buffer: Buffer }]> = [
      ['PANCARD_PARTNERSHIP', null, { name: 'firm-pan.png', mimeType: 'image/png', buffer: PNG }],
      ['PANCARD_SIGNED_AUTHORITY', null, { name: 'ravi-pan.png', mimeType: 'image/png', buffer: PNG }],
      ['ADDRESS_PROOF_SIGNED_AUTHORITY', 'BMTB', { name: 'bill.pdf', mimeType: 'application/pdf', buffer: pdf }],
      ['SIGNED_AUTHORISATION_LETTER', null, { name: 'letter.png', mimeType: 'image/png', buffer: PNG }],
      ['SC', null, { name: 'schedule-c.png', mimeType: 'image/png', buffer: PNG }],
      ['GOVT_ISSUED_CERTIFICATE', 'GST_CERTIFICATE', { name: 'gst.pdf', mimeType: 'application/pdf', buffer: pdf }],
    ];
    for (const [category, type, file] of uploads) {
      const answer = await merchant.request.post(api(`/merchants/${uuid}/kyc_documents`), {
        headers: auth,
        multipart: { document_category: category, ...(type ? { document_type: type } : {}), processed_document: file },
      });
      expect(answer.status(), `${category}: ${await answer.text()}`).toBe(201);
    }
    expect((await merchant.request.post(api(`/merchants/${uuid}/submit_documents`), { headers: auth })).status()).toBe(200);

    // ... the reviewer finds Schedule C in the queue, reads it beside the merchant's data, and declines it with a reason.
    const reviewer = await product.phonePage();
    await signInStaff(reviewer, 'ops.reviewer@example.com');
    await reviewer.getByRole('tab', { name: 'Review queue' }).click();
    await reviewer.getByRole('combobox', { name: 'Business entity' }).click();
    await reviewer.getByRole('option', { name: 'Partnership' }).click();
    const card = reviewer.locator('li', { hasText: 'Schedule C' }).filter({ hasText: 'Submitted' }).first();
    await card.getByRole('button', { name: /^REVIEW Schedule C/ }).click();
    const review = reviewer.getByRole('dialog');
    await review.getByRole('img', { name: 'The document sent' }).waitFor();
    await review.getByText('AAFFG7781Q').waitFor();
    await snap(reviewer, 'ops-review-document');
    await review.getByRole('button', { name: 'DECLINE' }).click();
    await review.getByLabel('Reason the merchant will read').fill('Schedule C is not signed');
    await review.getByRole('button', { name: 'DECLINE' }).click();
    await reviewer.getByText('Declined: the merchant sees the reason and can upload it again.').waitFor();

    // The merchant's open Documents tab shows the reason and REUPLOAD (the live channel; no reload).
    const sc = merchant.locator('li[data-category="SC"]');
    await sc.getByText('Declined: Schedule C is not signed').waitFor();
    await sc.getByRole('button', { name: /^REUPLOAD/ }).waitFor();
    await snap(merchant, 'ops-merchant-declined');

    // The audit lists what the admin did, newest first.
    await admin.getByRole('tab', { name: 'Audit' }).click();
    await admin.getByRole('cell', { name: 'published version 2' }).waitFor();
    await admin.getByRole('cell', { name: 'saved fixture Partnership documents' }).waitFor();
    await snap(admin, 'ops-audit');
  });
});
