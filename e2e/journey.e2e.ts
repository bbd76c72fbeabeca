import { readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { gstinCheckCharacter } from '../schemas/keywords/gstinChecksum';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, latestSandboxMessage, merchantOfPage, openStep, row, status } from './journey';

const product = startProductInBrowser();

/** The journey's merchant: a Private Limited company (fourth PAN letter C), its GSTIN the sandbox links to that PAN. */
const PAN = 'AABCJ4821M';
const GSTIN = `27${PAN}1Z${gstinCheckCharacter(`27${PAN}1Z`) ?? ''}`;
/** Sandbox test values (README, Sandbox test values): a CIN with signatories on record, an Aadhaar that gets OTP 123456. */
const CIN = 'U72200MH2009PTC123456';
const AADHAAR = '234123412346';
const AADHAAR_OTP = '123456';
/** The company's registered office, as on its certificate of incorporation (the director's Aadhaar address is his home's). */
const REGISTERED_OFFICE = { address_line: 'Unit 4, Kalpataru Square, Andheri East', pincode: '400069', city: 'Mumbai', state: 'Maharashtra' };
/** The IFSC directory's sample branch (the bank test finds it through the search). */
const IFSC = 'ABHY0065201';

const STEPS = ['pan-details', 'business-details', 'bank-details', 'website-details', 'signing-authority', 'kyc', 'additional-documents', 'service-agreement'];

/** A 1×1 PNG (the smallest valid PNG, as published; see test/server/multipart.ts). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text, { x: 40, y: 800, size: 14 });
  return Buffer.from(await pdf.save());
}

/**
 * What the merchant did with each field of the journey's forms: typed it (a fill, or keys pressed into it), chose it
 * (a select, a radio, a checkbox, a suggestion) or found it already filled (from the record, a PAN, GSTIN, CIN or
 * Aadhaar lookup). A field is counted once, under the first thing that happened to it.
 */
class FieldLedger {
  readonly typed: string[] = [];
  readonly chosen: string[] = [];
  readonly prefilled: string[] = [];
  readonly uploaded: string[] = [];
  private readonly touched = new Set<string>();

  private async mark(field: Locator) {
    const id = await field.evaluate((element) => element.id);
    if (id) this.touched.add(id);
  }

  async type(field: Locator, name: string, value: string, { keys = false } = {}) {
    if (keys) await field.pressSequentially(value);
    else await field.fill(value);
    await this.mark(field);
    this.typed.push(name);
  }

  /** An OTP typed into its boxes (one field, however many boxes). */
  async typeOtp(page: Page, firstBox: Locator, name: string, code: string) {
    expect(code, `${name}: a code from the sandbox`).toMatch(/^\d{4}$/);
    await firstBox.click();
    await page.keyboard.type(code);
    this.typed.push(name);
  }

  async choose(scope: Locator, label: RegExp, option: string | RegExp, name: string) {
    await chooseOption(scope, label, option);
    await this.mark(scope.getByRole('combobox', { name: label }));
    this.chosen.push(name);
  }

  async check(control: Locator, name: string) {
    await control.check();
    this.chosen.push(name);
  }

  async pick(control: Locator, name: string) {
    await control.click();
    this.chosen.push(name);
  }

  async upload(input: Locator, name: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    await input.setInputFiles(file);
    this.uploaded.push(name);
  }

  /**
   * Notes the fields of a form (before it is sent) that hold a value the merchant did not type or choose here:
   * what the record or a lookup filled in. Text boxes and selects only; radios and checkboxes are answers.
   */
  async notePrefilled(scope: Locator, step: string) {
    const filled = await scope.locator('input, select, textarea').evaluateAll((elements) =>
      elements
        .filter((element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement => {
          const field = element as HTMLInputElement;
          if (['hidden', 'radio', 'checkbox', 'file'].includes(field.type) || field.getClientRects().length === 0) return false;
          return field.value.trim() !== '' && !field.closest('[role="dialog"]');
        })
        .map((field) => ({
          id: field.id,
          label: (field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.name ?? field.id).replace(/\s*\*\s*$/, '').trim(),
        })),
    );
    for (const field of filled) {
      if (!field.id || this.touched.has(field.id)) continue;
      this.touched.add(field.id);
      // The id tells apart fields of one label (the registered and the operating address).
      this.prefilled.push(`${step}: ${field.label} (${field.id})`);
    }
  }
}

/** Checks a screen with axe (which waits for fades to end), then keeps its screenshot as e2e/screenshots/journey-<name>.png. */
async function snap(page: Page, name: string, { fullPage = false } = {}) {
  await expectAccessible(page, `journey-${name}`);
  // Chromium's full-page capture leaves a focused text box's scroll position to be restored when it loses focus: the
  // next click's press would then land before the page jumps back and its release after (on another element).
  if (fullPage) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${SCREENSHOTS}/journey-${name}.png`, fullPage });
}

/** The code of the latest message the sandbox sent to `recipient`, once one that matches `about` has arrived. */
async function sandboxCode(page: Page, recipient: string, about: RegExp): Promise<string> {
  let body = '';
  await expect.poll(async () => about.test((body = await latestSandboxMessage(page, product.baseUrl, recipient))), { message: `a message to ${recipient} about ${about}` }).toBe(true);
  return /\b(\d{4}) is your OTP\b/.exec(body)?.[1] ?? '';
}

describe('the whole journey of a new Private Limited merchant, on a phone, with sandbox providers only', () => {
  it('signs up, completes every step, e-signs and downloads the agreement; a reviewer approves the website and the documents; every step is completed', async () => {
    const started = Date.now();
    const phases: Record<string, number> = {};
    let phaseStart = started;
    const phase = (name: string) => {
      const now = Date.now();
      phases[name] = Math.round((now - phaseStart) / 100) / 10;
      phaseStart = now;
    };
    const fields = new FieldLedger();
    const page = await product.phonePage();
    const email = `journey.${Date.now()}@example.com`;
    const signatoryEmail = `director.${Date.now()}@example.com`;

    // Sign up with an e-mail OTP from the sandbox inbox.
    await page.goto(`${product.baseUrl}/app/account`);
    await fields.type(page.getByLabel('E-mail or mobile number'), 'sign-in: e-mail', email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, page.getByLabel('OTP digit 1'), 'sign-in: OTP', await sandboxCode(page, email, /OTP to sign in/));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(/\/app\/onboarding$/);
    phase('sign-up');

    // PAN: verified by the sandbox; the confirmation names the company.
    const panRow = row(page, 'pan-details');
    await fields.type(panRow.getByLabel(/PAN Number/), 'pan-details: PAN Number', PAN.toLowerCase(), { keys: true });
    await fields.choose(panRow, /Business Entity/, 'Private Limited', 'pan-details: Business Entity');
    await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
    const panDialog = page.getByRole('dialog', { name: 'PAN verified' });
    await panDialog.waitFor();
    const panName = (await panDialog.getByTestId('pan-name').textContent()) ?? '';
    expect(panName).toMatch(/ TECHNOLOGIES PRIVATE LIMITED$/);
    await snap(page, 'pan-confirmation');
    await panDialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => status(page, 'pan-details')).toBe('Completed');
    phase('pan');

    // Business details: the GSTIN the sandbox links to the PAN fills the trade name.
    const business = row(page, 'business-details');
    await openStep(page, 'business-details');
    await fields.choose(business, /Business Type/, 'Food & Beverage', 'business-details: Business Type');
    await fields.choose(business, /Business Sub Type/, 'Cloud Kitchens', 'business-details: Business Sub Type');
    await fields.choose(business, /Expected Monthly Sales/, '₹30,001 – ₹60,000', 'business-details: Expected Monthly Sales');
    await fields.type(business.getByLabel(/GST Number/), 'business-details: GST Number', GSTIN);
    const tradeName = `${panName.split(' ')[1]} TRADERS`;
    await expect.poll(() => business.getByLabel(/^Trade Name/).inputValue()).toBe(tradeName);
    await fields.check(business.getByRole('radio', { name: 'No' }), 'business-details: beneficial owners (No)');
    await fields.notePrefilled(business, 'business-details');
    await snap(page, 'business-details', { fullPage: true });
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');
    phase('business');

    // Bank: the account and IFSC typed; the test deposit lands, its amount read from the sandbox statement.
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await bank.getByLabel(/Bank Account Number/).waitFor();
    await fields.type(bank.getByLabel(/Bank Account Number/), 'bank-details: Bank Account Number', '50100234567890');
    await fields.type(bank.getByLabel(/IFSC Code/), 'bank-details: IFSC Code', IFSC);
    await expect.poll(() => bank.getByText(/MANDVI/).first().isVisible()).toBe(true);
    await fields.notePrefilled(bank, 'bank-details');
    await snap(page, 'bank-form', { fullPage: true });
    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    const amountField = page.getByLabel(/Amount deposited/);
    await amountField.waitFor({ timeout: 30_000 });
    let statement = '';
    await expect.poll(async () => /INR \d+\.\d{2}/.test((statement = await latestSandboxMessage(page, product.baseUrl, email))), { message: 'the bank statement line' }).toBe(true);
    const amount = /INR (\d+\.\d{2})/.exec(statement)?.[1];
    await fields.type(amountField, 'bank-details: Amount deposited', amount!);
    await snap(page, 'penny-amount', { fullPage: true });
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByText(/Your bank account is verified/).first().isVisible()).toBe(true);
    phase('bank');

    // Website: the move to the Website tab after the bank, the OTP, the liveliness check, the domain marked active.
    await page.waitForURL(/\/app\/onboarding\/website$/, { timeout: 15_000 });
    const website = page.getByRole('region', { name: 'Website Details' });
    await fields.check(website.getByRole('radio', { name: 'On my website or app' }), 'website-details: integration type');
    await fields.type(website.getByLabel(/Website URL/), 'website-details: Website URL', 'https://www.janakitchens.example.in');
    await website.getByRole('button', { name: 'Submit', exact: true }).click();
    const websiteOtp = page.getByRole('dialog', { name: 'Verify it is you' });
    await websiteOtp.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, websiteOtp.getByLabel('OTP digit 1'), 'website-details: OTP', await sandboxCode(page, email, /website details/));
    await snap(page, 'website-otp');
    await websiteOtp.getByRole('button', { name: 'Verify' }).click();
    const live = page.getByRole('dialog', { name: 'Your website is live' });
    await live.waitFor();
    await snap(page, 'website-status-active');
    await live.getByRole('button', { name: 'YES, IT IS ACTIVE' }).click();
    await expect.poll(() => website.getByText('Your website is being reviewed').first().isVisible()).toBe(true);
    await snap(page, 'website-in-review', { fullPage: true });
    phase('website');

    // Signing authority: the CIN's directors on record offered; one chosen fills the name.
    await page.getByRole('link', { name: 'Profile' }).click();
    const signing = row(page, 'signing-authority');
    await openStep(page, 'signing-authority');
    await fields.type(signing.getByLabel(/CIN/), 'signing-authority: CIN / LLPIN', CIN);
    await signing.getByRole('button', { name: 'Find signatories' }).click();
    // The sandbox registry's directors are named in capitals (GIVEN FAMILY).
    const director = signing.getByRole('button', { name: /^[A-Z]+ [A-Z]+$/ }).first();
    await director.waitFor();
    const directorName = (await director.textContent()) ?? '';
    await fields.pick(director, 'signing-authority: director on record');
    await expect.poll(() => signing.getByLabel(/^Name/).inputValue()).toBe(directorName);
    await fields.type(signing.getByLabel(/^Email/), 'signing-authority: Email', signatoryEmail);
    await fields.type(signing.getByLabel(/PAN Number/), 'signing-authority: PAN Number', 'ABCPV1234K', { keys: true });
    await fields.choose(signing, /Politically Exposed Person/, 'Not Applicable', 'signing-authority: PEP');
    await fields.notePrefilled(signing, 'signing-authority');
    await snap(page, 'signing-authority', { fullPage: true });
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'signing-authority')).toBe('Completed');
    phase('signing authority');

    // KYC: Aadhaar e-KYC with the sandbox OTP verifies the director. It leaves the registered address alone: a company's
    // is its own, typed as on its certificate (city and state from the pincode), saved as the operating address too.
    const kyc = row(page, 'kyc');
    await openStep(page, 'kyc');
    await kyc.getByRole('button', { name: 'VERIFY WITH AADHAAR' }).click();
    const getOtp = page.locator('[data-dialog="aadhar-get-otp"] [role="dialog"]');
    await fields.type(getOtp.getByLabel('Aadhaar Number'), 'kyc: Aadhaar Number', AADHAAR);
    await fields.check(getOtp.getByRole('checkbox'), 'kyc: Aadhaar consent');
    await snap(page, 'kyc-aadhaar-get-otp');
    await getOtp.getByRole('button', { name: 'SEND OTP' }).click();
    const verifyOtp = page.locator('[data-dialog="aadhar-verify-otp"] [role="dialog"]');
    await verifyOtp.getByText(`OTP sent to the mobile number linked with Aadhaar ending ${AADHAAR.slice(-4)}`).waitFor();
    await fields.type(verifyOtp.getByLabel('OTP'), 'kyc: Aadhaar OTP', AADHAAR_OTP);
    await snap(page, 'kyc-aadhaar-verify-otp');
    await verifyOtp.getByRole('button', { name: 'VERIFY' }).click();
    await kyc.getByText("KYC verified. The registered address is the business's own, not the signatory's: enter it as the hint over it says, and save it.").waitFor();
    expect(await kyc.getByLabel(/^Address/).first().inputValue()).toBe('');
    await fields.type(kyc.getByLabel(/^Address/).first(), 'kyc: registered address', REGISTERED_OFFICE.address_line);
    await fields.type(kyc.getByLabel(/^Pincode/).first(), 'kyc: registered address pincode', REGISTERED_OFFICE.pincode);
    await expect.poll(() => kyc.getByLabel(/^City/).first().inputValue()).toBe(REGISTERED_OFFICE.city);
    await fields.check(kyc.getByLabel('Operating address is the same as the registered address'), 'kyc: operating address same as registered');
    await fields.notePrefilled(kyc, 'kyc');
    await snap(page, 'kyc-address', { fullPage: true });
    await kyc.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^KYC saved/ }).isVisible()).toBe(true);
    phase('kyc');

    // Documents: every required one for a Private Limited company, then sent for review.
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'PAN Card of the Company' }).waitFor();
    const documentRow = (category: string) => page.locator(`li[data-category="${category}"]`);
    const chip = (category: string) => documentRow(category).locator('.MuiChip-label').innerText();
    const dialog = () => page.getByRole('dialog').last();
    const uploadWhole = async (category: string, file: { name: string; mimeType: string; buffer: Buffer }) => {
      await documentRow(category).getByRole('button', { name: /^(UPLOAD|REUPLOAD|REPLACE):/ }).click();
      await fields.upload(dialog().locator('input[type=file]').first(), `documents: ${category}`, file);
      await expect.poll(() => chip(category)).toBe('Uploaded, not submitted');
    };
    await uploadWhole('PANCARD_COMPANY', { name: 'company-pan.png', mimeType: 'image/png', buffer: PNG });
    await uploadWhole('PANCARD_SIGNED_AUTHORITY', { name: 'director-pan.png', mimeType: 'image/png', buffer: PNG });

    // The director's passport, front and back.
    await documentRow('ADDRESS_PROOF_SIGNED_AUTHORITY').getByRole('button', { name: /^UPLOAD:/ }).click();
    await fields.check(dialog().getByRole('radio', { name: 'Passport' }), 'documents: address proof type');
    await snap(page, 'documents-type-chooser');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await fields.upload(page.getByLabel('FRONT', { exact: true }), 'documents: passport front', { name: 'passport-front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('passport-front.png').waitFor();
    await fields.upload(page.getByLabel('BACK', { exact: true }), 'documents: passport back', { name: 'passport-back.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('Passport, back page') });
    await page.getByText('passport-back.pdf').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'DONE' }).isEnabled()).toBe(true);
    await snap(page, 'documents-front-back');
    await page.getByRole('button', { name: 'DONE' }).click();
    await expect.poll(() => chip('ADDRESS_PROOF_SIGNED_AUTHORITY')).toBe('Uploaded, not submitted');

    // The certificate of incorporation (its INC 22 back is optional).
    await documentRow('GOVT_ISSUED_CERTIFICATE').getByRole('button', { name: /^UPLOAD:/ }).click();
    await fields.upload(page.getByLabel('CERTIFICATE', { exact: true }), 'documents: certificate of incorporation', {
      name: 'incorporation.pdf',
      mimeType: 'application/pdf',
      buffer: await onePagePdf('Certificate of Incorporation'),
    });
    await page.getByText('incorporation.pdf').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'DONE' }).isEnabled()).toBe(true);
    await snap(page, 'documents-certificate');
    await page.getByRole('button', { name: 'DONE' }).click();
    await expect.poll(() => chip('GOVT_ISSUED_CERTIFICATE')).toBe('Uploaded, not submitted');

    // The authorisation letter and Schedule C: each downloaded from its row, signed by the director, uploaded back.
    for (const [category, button, name] of [
      ['SIGNED_AUTHORISATION_LETTER', 'Download the authorisation letter to sign', 'signed-letter.pdf'],
      ['SC', 'Download Schedule C to sign', 'signed-schedule-c.pdf'],
    ] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), documentRow(category).getByRole('button', { name: button }).click()]);
      const toSign = await PDFDocument.load(readFileSync((await download.path())!));
      toSign.getPage(toSign.getPageCount() - 1).drawText(`Signed: ${directorName}`, { x: 56, y: 120, size: 14 });
      await uploadWhole(category, { name, mimeType: 'application/pdf', buffer: Buffer.from(await toSign.save()) });
    }
    await snap(page, 'documents-ready', { fullPage: true });
    await page.getByRole('button', { name: 'SUBMIT DOCUMENTS' }).click();
    await page.getByRole('status').filter({ hasText: 'Documents submitted.' }).waitFor();
    await expect.poll(() => page.getByTestId('documents-status').innerText()).toContain('Docs Received');
    phase('documents');

    // The service agreement: generated, read to the bottom and accepted, e-signed with the director's OTP, downloaded.
    await page.getByRole('link', { name: 'Profile' }).click();
    await openStep(page, 'service-agreement');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 30_000 });
    await snap(page, 'agreement-ready');
    // Its download opens the agreement's PDF in a new tab.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), ready.getByRole('button', { name: 'Download Your Service agreement.' }).click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    await ready.getByRole('button', { name: 'CLOSE' }).click();
    await agreement.getByRole('button', { name: 'READ AND ACCEPT', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Service Agreement' });
    const frame = modal.frameLocator('iframe[title="The service agreement"]');
    await frame.getByText(`Signing authority: ${directorName} (PAN ABCPV1234K)`).waitFor();
    const { address_line, city, state, pincode } = REGISTERED_OFFICE;
    await frame.getByText(`Registered address: ${address_line}, ${city}, ${state} ${pincode}`).waitFor();
    await frame.getByText(panName).first().waitFor();
    const accept = modal.getByRole('button', { name: 'I Accept' });
    expect(await accept.count()).toBe(0);
    await snap(page, 'agreement-unread');
    for (let press = 0; press < 30 && !(await accept.isVisible()); press += 1) {
      // The arrow goes once the end is reached, possibly between the look and the click.
      await modal.getByRole('button', { name: 'Scroll the agreement down' }).click({ timeout: 2_000 }).catch(() => undefined);
      await accept.waitFor({ timeout: 500 }).catch(() => undefined);
    }
    await snap(page, 'agreement-read');
    await accept.click();
    await expect.poll(() => agreement.getByText('You accepted the service agreement. E-sign it to finish your activation.').isVisible()).toBe(true);

    await agreement.getByRole('button', { name: 'E-SIGN AGREEMENT', exact: true }).click();
    const esign = page.getByRole('dialog', { name: 'Review and e-sign your service agreement' });
    await esign.getByText(/We will send a one-time password to the signing authority, d\*+@example\.com/).waitFor();
    await snap(page, 'msa-review-esign');
    await esign.getByRole('button', { name: 'SEND OTP' }).click();
    await esign.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, esign.getByLabel('OTP digit 1'), 'service-agreement: e-sign OTP', await sandboxCode(page, signatoryEmail, /OTP to e-sign/));
    await snap(page, 'msa-esign-otp');
    await esign.getByRole('button', { name: 'E-SIGN' }).click();
    const success = page.getByRole('dialog', { name: 'Your service agreement is signed!' });
    await success.waitFor();
    expect(await success.getByText('Signed for').textContent()).toContain(panName);
    await snap(page, 'msa-success');
    const [signedDownload] = await Promise.all([page.waitForEvent('download'), success.getByRole('button', { name: /Download/i }).click()]);
    const signedPdf = await PDFDocument.load(readFileSync((await signedDownload.path())!));
    expect(signedPdf.getKeywords()).toMatch(/e-signed/);
    expect(signedPdf.getPageCount()).toBeGreaterThan(1);
    await success.getByRole('button', { name: 'CLOSE' }).click();
    await expect.poll(() => status(page, 'service-agreement')).toBe('Completed');
    phase('agreement');

    // A reviewer works through the operations console's queue: the website and each document of this merchant, approved.
    const { uuid, auth } = await merchantOfPage(page, product.baseUrl);
    const record = (await (await page.request.get(`${product.baseUrl}/api/v1/merchants/${uuid}`, { headers: auth })).json()) as { merchant: { mid: number | string } };
    const mid = String(record.merchant.mid);
    const reviewer = await product.phonePage();
    await reviewer.goto(`${product.baseUrl}/app/account`);
    await reviewer.getByRole('button', { name: 'Sign in with password' }).click();
    await reviewer.getByLabel('E-mail or mobile number').fill('ops.reviewer@example.com');
    await reviewer.getByLabel('Password').fill(DEMO_PASSWORD);
    await reviewer.getByRole('button', { name: 'Sign in', exact: true }).click();
    await reviewer.getByRole('heading', { name: 'Operations console' }).waitFor();
    await reviewer.getByRole('tab', { name: 'Review queue' }).click();
    const reviewButtons = reviewer.getByRole('button', { name: new RegExp(`^REVIEW .+, MID ${mid}$`) });
    await expect.poll(() => reviewButtons.count()).toBe(7);
    await snap(reviewer, 'ops-queue', { fullPage: true });
    const approved: string[] = [];
    for (let left = await reviewButtons.count(); left > 0; left = await reviewButtons.count()) {
      const item = ((await reviewButtons.first().getAttribute('aria-label')) ?? '').replace(/^REVIEW /, '').replace(/, MID \d+$/, '');
      await reviewButtons.first().click();
      const review = reviewer.getByRole('dialog');
      await review.getByRole('button', { name: 'APPROVE' }).waitFor();
      if (item === 'Website') {
        await review.getByRole('link', { name: 'https://www.janakitchens.example.in' }).waitFor();
        await snap(reviewer, 'ops-review-website');
      } else if (approved.length === 1 || item.startsWith('Address')) {
        await review.getByRole('group', { name: 'The document sent' }).locator('img, iframe').first().waitFor();
        await snap(reviewer, `ops-review-${item.split(' ')[0]!.toLowerCase()}`);
      }
      await review.getByRole('button', { name: 'APPROVE' }).click();
      await review.waitFor({ state: 'detached' });
      await expect.poll(() => reviewButtons.count()).toBe(left - 1);
      approved.push(item);
    }
    expect(approved).toHaveLength(7);
    expect(approved).toContain('Website');
    phase('review');

    // The merchant's open page hears the reviews: every step completed.
    for (const step of STEPS) await expect.poll(() => status(page, step), { message: step }).toBe('Completed');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'all-completed', { fullPage: true });
    await page.reload();
    for (const step of STEPS) await expect.poll(() => status(page, step), { message: `${step} after a reload` }).toBe('Completed');
    phase('merchant sees it completed');

    const seconds = Math.round((Date.now() - started) / 1000);
    const summary = {
      wall_time_seconds: seconds,
      phases_seconds: phases,
      typed: fields.typed.length,
      chosen: fields.chosen.length,
      prefilled: fields.prefilled.length,
      uploaded: fields.uploaded.length,
      fields: { typed: fields.typed, chosen: fields.chosen, prefilled: fields.prefilled, uploaded: fields.uploaded },
      reviewed: approved,
    };
    writeFileSync(`${SCREENSHOTS}/journey-summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`journey: ${seconds} s, typed ${fields.typed.length} fields, prefilled ${fields.prefilled.length}, chose ${fields.chosen.length}, uploaded ${fields.uploaded.length} files`);
    await reviewer.context().close();
    await page.context().close();
  }, 600_000);
});
