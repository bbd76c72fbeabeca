import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { merchantOfPage, openStep, row, signUpWithPan, staffAuth, status } from './journey';

const product = startProductInBrowser();

/** A 1×1 PNG (the smallest valid PNG, as published; see test/server/multipart.ts). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A one-page PDF of a given page size: the size tells the pages apart once merged. */
async function pdfPage(width: number, height: number, text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([width, height]).drawText(text, { x: 20, y: 20, size: 12 });
  return Buffer.from(await pdf.save());
}

const documentRow = (page: Page, category: string) => page.locator(`li[data-category="${category}"]`);
const chip = (page: Page, category: string) => documentRow(page, category).locator('.MuiChip-label').innerText();
const dialog = (page: Page) => page.getByRole('dialog').last();
const pageOrder = (page: Page) => dialog(page).locator('li[data-page-name]').evaluateAll((items) => items.map((item) => item.getAttribute('data-page-name')));

/** Uploads one whole document from its row (a category without types, or with one chosen first). */
async function uploadWhole(page: Page, category: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await documentRow(page, category).getByRole('button', { name: /^(UPLOAD|REUPLOAD|REPLACE):/ }).click();
  await dialog(page).locator('input[type=file]').first().setInputFiles(file);
  await expect.poll(() => chip(page, category)).toBe('Uploaded, not submitted');
}

describe('a Partnership verifies with Aadhaar and uploads its KYC documents on a phone', () => {
  it("Aadhaar OTP verifies the partner, leaving the firm's registered address to the firm; front and back, three pages reordered by dragging and by keyboard, the signed letter; submits, then re-uploads a declined one", async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AAFFG7781Q', entity: 'Partnership', prefix: 'docs' });
    const signing = row(page, 'signing-authority');
    await openStep(page, 'signing-authority');
    await signing.getByLabel(/^Name/).fill('Ravi Gupta');
    await signing.getByLabel(/^Email/).fill('ravi.gupta@example.com');
    await signing.getByLabel(/PAN Number/).pressSequentially('ABCPG1234K');
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'signing-authority')).toBe('Completed');

    // The KYC step: Aadhaar e-KYC verifies the partner (sandbox OTP 123456, README); a firm's registered address is its
    // own, so the partner's home address is not filled in.
    const kyc = row(page, 'kyc');
    await openStep(page, 'kyc');
    for (const [button, title, screen] of [
      ['UPLOAD AADHAAR XML', 'Aadhaar offline e-KYC', 'kyc-aadhaar-xml'],
      ['USE CENTRAL KYC', 'Central KYC', 'kyc-central'],
    ] as const) {
      await kyc.getByRole('button', { name: button }).click();
      const opened = page.getByRole('dialog', { name: title });
      await opened.waitFor();
      // Once the dialog has faded in (the screenshot shows it, not its transition).
      await expect.poll(() => opened.evaluate((dialog) => getComputedStyle(dialog.closest('.MuiDialog-container') ?? dialog).opacity)).toBe('1');
      await page.screenshot({ path: `${SCREENSHOTS}/${screen}.png` });
      await expectAccessible(page, screen);
      await opened.getByRole('button', { name: 'CANCEL' }).click();
      await expect.poll(() => opened.count()).toBe(0);
    }
    await kyc.getByRole('button', { name: 'VERIFY WITH AADHAAR' }).click();
    const getOtp = page.locator('[data-dialog="aadhar-get-otp"] [role="dialog"]');
    await getOtp.getByLabel('Aadhaar Number').fill('234123412346');
    await getOtp.getByRole('checkbox').check();
    await expectAccessible(page, 'kyc-aadhaar-get-otp');
    await getOtp.getByRole('button', { name: 'SEND OTP' }).click();
    const verifyOtp = page.locator('[data-dialog="aadhar-verify-otp"] [role="dialog"]');
    await verifyOtp.getByText('OTP sent to the mobile number linked with Aadhaar ending 2346').waitFor();
    await verifyOtp.getByLabel('OTP').fill('000000');
    await verifyOtp.getByRole('button', { name: 'VERIFY' }).click();
    await verifyOtp.getByText('Invalid OTP, attempts left 2').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/kyc-aadhaar-wrong-otp.png`, fullPage: true });
    await expectAccessible(page, 'kyc-aadhaar-wrong-otp');
    await verifyOtp.getByLabel('OTP').fill('123456');
    await verifyOtp.getByRole('button', { name: 'VERIFY' }).click();
    await kyc.getByText("KYC verified. The registered address is the business's own, not the signatory's: enter it as the hint over it says, and save it.").waitFor();
    expect(await kyc.getByLabel(/^Address/).first().inputValue()).toBe('');
    expect(await kyc.getByLabel(/^Pincode/).first().inputValue()).toBe('');
    await page.screenshot({ path: `${SCREENSHOTS}/kyc-aadhaar-verified.png`, fullPage: true });
    await expectAccessible(page, 'kyc-aadhaar-verified');

    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'PAN Card of the Partnership Firm' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/documents-empty.png`, fullPage: true });
    await expectAccessible(page, 'documents-empty');

    await uploadWhole(page, 'PANCARD_PARTNERSHIP', { name: 'firm-pan.png', mimeType: 'image/png', buffer: PNG });
    await uploadWhole(page, 'PANCARD_SIGNED_AUTHORITY', { name: 'ravi-pan.png', mimeType: 'image/png', buffer: PNG });

    // A passport's front, then CANCEL: the confirmation, and YES deletes what was uploaded.
    await documentRow(page, 'ADDRESS_PROOF_SIGNED_AUTHORITY').getByRole('button', { name: /^UPLOAD:/ }).click();
    await dialog(page).getByRole('radio', { name: 'Passport' }).check();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    // A file over the size limit is refused on the spot, in words that say what to do (axe-clean: issue 27 item 7).
    await page.getByLabel('FRONT', { exact: true }).setInputFiles({ name: 'passport-scan.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(16 * 1024 * 1024)]) });
    await dialog(page).getByRole('alert').filter({ hasText: /Error: File size exceeded, should be less than \d+MB/ }).waitFor();
    await expectAccessible(page, 'documents-too-large');
    await page.screenshot({ path: `${SCREENSHOTS}/documents-too-large.png` });
    await page.getByLabel('FRONT', { exact: true }).setInputFiles({ name: 'passport-front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('passport-front.png').waitFor();
    await page.getByRole('button', { name: 'CANCEL' }).click();
    const confirmCancel = page.getByRole('dialog', { name: 'Cancel this upload?' });
    await confirmCancel.getByText('If you cancel, this document will not be saved. Are you sure you want to cancel?').waitFor();
    await expectAccessible(page, 'documents-cancel-confirmation');
    await confirmCancel.getByRole('button', { name: 'YES' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await chip(page, 'ADDRESS_PROOF_SIGNED_AUTHORITY')).toBe('Not uploaded');

    // Address proof: Aadhaar (its disclaimer once), front and back; DONE waits for both.
    await documentRow(page, 'ADDRESS_PROOF_SIGNED_AUTHORITY').getByRole('button', { name: /^UPLOAD:/ }).click();
    await dialog(page).getByRole('radio', { name: 'Aadhaar Card' }).check();
    const disclaimer = page.getByRole('dialog', { name: 'Before you upload your Aadhaar' });
    await disclaimer.waitFor();
    await expectAccessible(page, 'documents-aadhaar-disclaimer');
    await disclaimer.getByRole('button', { name: 'OKAY, GOT IT' }).click();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    const done = () => page.getByRole('button', { name: 'DONE' });
    await page.getByLabel('FRONT', { exact: true }).setInputFiles({ name: 'aadhaar-front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('aadhaar-front.png').waitFor();
    expect(await done().isDisabled()).toBe(true);
    await page.getByLabel('BACK', { exact: true }).setInputFiles({ name: 'aadhaar-back.pdf', mimeType: 'application/pdf', buffer: await pdfPage(300, 400, 'back') });
    await page.getByText('aadhaar-back.pdf').waitFor();
    await expect.poll(() => done().isEnabled()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/documents-front-back.png`, fullPage: true });
    await expectAccessible(page, 'documents-front-back');
    await done().click();
    await expect.poll(() => chip(page, 'ADDRESS_PROOF_SIGNED_AUTHORITY')).toBe('Uploaded, not submitted');

    // A 3-page GST certificate: pages A, B, C uploaded, reordered to C, A, B by dragging, then C, B, A by keyboard
    // (two columns at 360 px: A moves down onto B's place).
    await documentRow(page, 'GOVT_ISSUED_CERTIFICATE').getByRole('button', { name: /^UPLOAD:/ }).click();
    await dialog(page).getByRole('radio', { name: 'GST Certificate' }).check();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.getByLabel('Page 1', { exact: true }).setInputFiles({ name: 'A.pdf', mimeType: 'application/pdf', buffer: await pdfPage(300, 400, 'A') });
    await expect.poll(() => pageOrder(page)).toEqual(['A.pdf']);
    await page.getByLabel('Add More', { exact: true }).setInputFiles({ name: 'B.pdf', mimeType: 'application/pdf', buffer: await pdfPage(310, 410, 'B') });
    await expect.poll(() => pageOrder(page)).toEqual(['A.pdf', 'B.pdf']);
    await page.getByLabel('Add More', { exact: true }).setInputFiles({ name: 'C.pdf', mimeType: 'application/pdf', buffer: await pdfPage(320, 420, 'C') });
    await expect.poll(() => pageOrder(page)).toEqual(['A.pdf', 'B.pdf', 'C.pdf']);

    const handle = (name: string) => dialog(page).locator(`li[data-page-name="${name}"] [aria-roledescription]`);
    const from = (await handle('C.pdf').boundingBox())!;
    const to = (await handle('A.pdf').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => pageOrder(page)).toEqual(['C.pdf', 'A.pdf', 'B.pdf']);

    // dnd-kit's keyboard sensor listens for the arrow keys from the next task after Space picks the page up.
    const settle = () => page.waitForTimeout(150);
    await handle('A.pdf').focus();
    await page.keyboard.press('Space');
    await settle();
    await page.keyboard.press('ArrowDown');
    await settle();
    await page.keyboard.press('Space');
    await expect.poll(() => pageOrder(page)).toEqual(['C.pdf', 'B.pdf', 'A.pdf']);
    await page.screenshot({ path: `${SCREENSHOTS}/documents-multi-page.png`, fullPage: true });
    await expectAccessible(page, 'documents-multi-page');
    await done().click();
    await expect.poll(() => chip(page, 'GOVT_ISSUED_CERTIFICATE')).toBe('Uploaded, not submitted');

    // The authorisation letter: downloaded from its row, signed, uploaded back.
    const [letter] = await Promise.all([page.waitForEvent('download'), documentRow(page, 'SIGNED_AUTHORISATION_LETTER').getByRole('button', { name: 'Download the authorisation letter to sign' }).click()]);
    const generated = await PDFDocument.load(readFileSync((await letter.path())!));
    generated.getPage(0).drawText('Signed: Ravi Gupta', { x: 56, y: 120, size: 14 });
    await uploadWhole(page, 'SIGNED_AUTHORISATION_LETTER', { name: 'signed-letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await generated.save()) });
    await uploadWhole(page, 'SC', { name: 'schedule-c.png', mimeType: 'image/png', buffer: PNG });

    // The merged certificate holds the pages in the chosen order: C, B, A (told apart by their sizes).
    const { uuid: merchantUuid, auth: merchantAuth } = await merchantOfPage(page, product.baseUrl);
    const documents = ((await (await page.request.get(`${product.baseUrl}/api/v1/merchants/${merchantUuid}/kyc_documents`, { headers: merchantAuth })).json()) as {
      kyc_documents: Array<{ uuid: string; active: boolean; document_category: string; processed_document: { path: string } }>;
    }).kyc_documents.filter((document) => document.active);
    const certificate = documents.find((document) => document.document_category === 'GOVT_ISSUED_CERTIFICATE')!;
    const merged = await PDFDocument.load(await (await page.request.get(`${product.baseUrl}${certificate.processed_document.path}`, { headers: merchantAuth })).body());
    expect(merged.getPages().map((sheet) => Math.round(sheet.getWidth()))).toEqual([320, 310, 300]);

    await page.getByRole('button', { name: 'SUBMIT DOCUMENTS' }).click();
    await page.getByRole('status').filter({ hasText: 'Documents submitted.' }).waitFor();
    await expect.poll(() => page.getByTestId('documents-status').innerText(), { timeout: 10_000 }).toContain('Docs Received');
    expect(await chip(page, 'SC')).toBe('Submitted');
    expect(await documentRow(page, 'SC').getByRole('button', { name: /UPLOAD/ }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/documents-received.png`, fullPage: true });
    await expectAccessible(page, 'documents-received');

    // Operations declines Schedule C through the staff review call; the merchant sees the remark and REUPLOAD.
    const sc = documents.find((document) => document.document_category === 'SC')!;
    const review = await page.request.post(`${product.baseUrl}/api/v1/merchants/${merchantUuid}/kyc_documents/${sc.uuid}/review`, {
      headers: await staffAuth(page, product.baseUrl, 'ops.reviewer@example.com'),
      data: { status: 'Declined', remarks: 'Schedule C is not signed' },
    });
    expect(review.status()).toBe(200);
    await page.reload();
    await documentRow(page, 'SC').getByText('Declined: Schedule C is not signed').waitFor();
    expect(await chip(page, 'SC')).toBe('Declined');
    expect(await page.getByTestId('documents-status').innerText()).toContain('Docs Error');
    await page.screenshot({ path: `${SCREENSHOTS}/documents-declined.png`, fullPage: true });
    await expectAccessible(page, 'documents-declined');
    await uploadWhole(page, 'SC', { name: 'schedule-c-signed.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'SUBMIT DOCUMENTS' }).click();
    await expect.poll(() => chip(page, 'SC')).toBe('Re-uploaded');
    await page.context().close();
  });
});
