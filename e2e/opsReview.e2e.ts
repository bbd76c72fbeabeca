import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { merchantOfPage, onePagePdf, PNG, signInToConsole, signUpWithPan } from './journey';

const product = startProductInBrowser();

describe('a reviewer works through one merchant\'s documents', () => {
  it('finds the merchant by search, opens its group, and reviews its documents one after another, each beside the data it must match', async () => {
    // A company sends its documents; its signing authority on record is KABIR NAIR.
    const merchant = await product.phonePage();
    const email = await signUpWithPan(merchant, product.baseUrl, { pan: 'AABCN5521K', entity: 'Private Limited', prefix: 'opsreview' });
    const { uuid, auth } = await merchantOfPage(merchant, product.baseUrl);
    const api = (path: string) => `${product.baseUrl}/api/v1${path}`;
    const record = ((await (await merchant.request.get(api(`/merchants/${uuid}`), { headers: auth })).json()) as { merchant: { account_uuid: string; mid: number } }).merchant;
    const signatory = { name: 'KABIR NAIR', email: 'kabir.nair@example.com', pancard_number: 'ABCPN1234K', cin_number: 'U72900KA2015PTC081234' };
    const named = await merchant.request.put(api(`/accounts/${record.account_uuid}`), { headers: auth, data: { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid } });
    expect(named.status(), await named.text()).toBe(200);
    const pdf = await onePagePdf('document');
    const uploads: Array<[string, string | null, { name: string; mimeType: string; buffer: Buffer }]> = [
      ['PANCARD_COMPANY', null, { name: 'company-pan.png', mimeType: 'image/png', buffer: PNG }],
      ['PANCARD_SIGNED_AUTHORITY', null, { name: 'kabir-pan.png', mimeType: 'image/png', buffer: PNG }],
      ['ADDRESS_PROOF_SIGNED_AUTHORITY', 'PASSPORT', { name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf }],
      ['GOVT_ISSUED_CERTIFICATE', 'CERTIFICATE_OF_INCORPORATION', { name: 'incorporation.pdf', mimeType: 'application/pdf', buffer: pdf }],
      ['SIGNED_AUTHORISATION_LETTER', null, { name: 'letter.png', mimeType: 'image/png', buffer: PNG }],
      ['SC', null, { name: 'schedule-c.png', mimeType: 'image/png', buffer: PNG }],
    ];
    for (const [category, type, file] of uploads) {
      const answer = await merchant.request.post(api(`/merchants/${uuid}/kyc_documents`), {
        headers: auth,
        multipart: { document_category: category, ...(type ? { document_type: type } : {}), processed_document: file },
      });
      expect(answer.status(), `${category}: ${await answer.text()}`).toBe(201);
    }
    const submitted = await merchant.request.post(api(`/merchants/${uuid}/submit_documents`), { headers: auth });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const mid = String(record.mid);

    // The reviewer searches the queue by the merchant's e-mail: one merchant's group.
    const reviewer = await product.phonePage();
    await signInToConsole(reviewer, product.baseUrl, 'ops.reviewer@example.com');
    await reviewer.getByRole('tab', { name: 'Review queue' }).click();
    await reviewer.getByRole('textbox', { name: 'Search by MID, PAN, name or e-mail' }).fill(email.toUpperCase());
    await reviewer.getByRole('button', { name: 'SEARCH' }).click();
    const groups = reviewer.locator('li[data-mid]');
    await expect.poll(() => groups.evaluateAll((items) => items.map((item) => item.getAttribute('data-mid')))).toEqual([mid]);
    const group = groups.first();
    expect(await group.getByRole('button', { name: new RegExp(`^REVIEW .+, MID ${mid}$`) }).count()).toBe(uploads.length);
    // Each item says whose document it is, and shows its type's label, never its code.
    await group.getByRole('heading', { name: 'Address Proof of the Signing Authority · Passport' }).waitFor();
    expect(await group.getByText('PASSPORT', { exact: true }).count()).toBe(0);
    await snap(reviewer, 'ops-review-search');

    // The group's review: one item after another, each beside the data of whose document it is.
    await group.getByRole('button', { name: `REVIEW THIS MERCHANT'S DOCUMENTS (MID ${mid})` }).click();
    const dialog = reviewer.getByRole('dialog');
    const seen: string[] = [];
    for (let position = 1; position <= uploads.length; position++) {
      await dialog.getByText(`Item ${position} of ${uploads.length} of this merchant`).waitFor();
      await dialog.getByRole('group', { name: 'The document sent' }).locator('img, iframe').first().waitFor();
      const title = (await dialog.locator('#ops-review-title').innerText()).split('\n')[0]!;
      seen.push(title);
      const facts = await dialog.locator('dl').last().innerText();
      if (/Signing Authority/.test(title)) {
        // The signatory's document: the signatory's name, PAN and e-mail, not the company's.
        expect(facts).toContain('KABIR NAIR');
        expect(facts).toContain('ABCPN1234K');
        expect(facts).toContain('kabir.nair@example.com');
        expect(facts).not.toContain('AABCN5521K');
        await dialog.getByText("The signing authority's", { exact: true }).waitFor();
        if (/Passport/.test(title)) {
          // On a phone the file comes first: the screenshot shows the data beside it, scrolled to.
          await dialog.getByText('KABIR NAIR').scrollIntoViewIfNeeded();
          await snap(reviewer, 'ops-review-signatory-passport');
        }
      } else {
        expect(facts).toContain('AABCN5521K');
        expect(facts).not.toContain('KABIR NAIR');
        await dialog.getByText("The business's", { exact: true }).waitFor();
      }
      await dialog.getByRole('button', { name: 'APPROVE' }).click();
      if (position < uploads.length) await dialog.getByText(`Item ${position + 1} of ${uploads.length} of this merchant`).waitFor();
    }
    await dialog.waitFor({ state: 'detached' });
    // Each document came up once: the review moved on after every approval.
    expect(new Set(seen).size).toBe(uploads.length);
    expect(seen.some((title) => title.startsWith('Address Proof of the Signing Authority · Passport'))).toBe(true);
    expect(seen.some((title) => title.startsWith('Government Issued Certificate · Certificate of Incorporation'))).toBe(true);
    await reviewer.getByText(`Approved. You went through every waiting item of MID ${mid}.`).waitFor();
    await reviewer.getByText('No waiting item matches the search and filters.').waitFor();
    await snap(reviewer, 'ops-review-merchant-done');
  });
});
