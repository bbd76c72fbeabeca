import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import journey from '../schemas/steps/journey.json';
import { expectAccessible, SCREENSHOTS } from './harness';

/** Every step of the journey, in order (schemas/steps/journey.json). */
export const JOURNEY_STEPS = journey.groups.flatMap((group) => group.steps.map((step) => step.id));

/** The row of a step on the onboarding page. */
export const row = (page: Page, step: string) => page.locator(`[data-step="${step}"]`);

/** A step's status chip text ("To do", "Completed", …). */
export const status = (page: Page, step: string) => row(page, step).getAttribute('data-status');

/** Opens a step's row unless it is open already (the page opens the next to-do step by itself). */
export async function openStep(page: Page, step: string) {
  const summary = page.locator(`#${step}-header`);
  await summary.waitFor();
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  await expect.poll(() => summary.getAttribute('aria-expanded')).toBe('true');
}

/** Chooses an option of a form's select (a native `<select>`) by its text: the first that equals or matches `option`. */
export async function chooseOption(scope: Locator, label: RegExp, option: string | RegExp) {
  const select = scope.getByRole('combobox', { name: label });
  const matches = (text: string) => text !== '' && (typeof option === 'string' ? text === option : option.test(text));
  // The options may arrive after the select (a form that is still loading, choices that follow another field).
  let texts: string[] = [];
  await expect.poll(async () => (texts = await select.locator('option').allTextContents()).some(matches), { message: `an option ${String(option)} in ${String(label)}` }).toBe(true);
  await select.selectOption({ label: texts.find(matches)! });
}

/** The latest message the sandbox "sent" to `recipient`, read from the sandbox inbox page. */
export async function latestSandboxMessage(page: Page, baseUrl: string, recipient: string): Promise<string> {
  const inbox = await page.context().newPage();
  await inbox.goto(`${baseUrl}/sandbox/inbox?recipient=${encodeURIComponent(recipient)}`);
  const text = (await inbox.locator('.message .body').first().textContent()) ?? '';
  await inbox.close();
  return text;
}

/**
 * Signs in by an e-mail OTP read from the sandbox inbox (an unknown e-mail signs up) from the sign-in page, or from
 * `entry` (an /app/account address with a query), and waits for the onboarding page (or the address `lands` matches).
 */
export async function signInByOtp(page: Page, baseUrl: string, email: string, entry = `${baseUrl}/app/account`, lands = /\/app\/onboarding$/) {
  await page.goto(entry);
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP digit 1').waitFor();
  const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, baseUrl, email))?.[1] ?? '';
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.waitForURL(lands);
}

/** Signs up a new merchant by e-mail OTP and verifies its PAN as the given entity; returns the e-mail. */
export async function signUpWithPan(page: Page, baseUrl: string, { pan, entity, prefix }: { pan: string; entity: string; prefix: string }) {
  const email = `${prefix}.${Date.now()}@example.com`;
  await signInByOtp(page, baseUrl, email);
  const panRow = row(page, 'pan-details');
  await panRow.getByLabel(/PAN Number/).pressSequentially(pan);
  await chooseOption(panRow, /Business Entity/, entity);
  await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'PAN verified' }).getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => status(page, 'pan-details')).toBe('Completed');
  return email;
}

/** The signed-in merchant of a page (its first merchant) and the header that calls the API as them. */
export async function merchantOfPage(page: Page, baseUrl: string): Promise<{ uuid: string; auth: { authorization: string } }> {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('session'))) ?? '{}') as { access_token: string };
  const auth = { authorization: `Bearer ${session.access_token}` };
  const merchants = (await (await page.request.get(`${baseUrl}/api/v1/merchants`, { headers: auth })).json()) as { merchants: Array<{ uuid: string }> };
  return { uuid: merchants.merchants[0]!.uuid, auth };
}

/** The header that calls the API as a demo staff member (README: ops.admin, ops.reviewer; the demo password). */
export async function staffAuth(page: Page, baseUrl: string, email: string): Promise<{ authorization: string }> {
  const answer = (await (await page.request.post(`${baseUrl}/api/v1/user/login`, { data: { identity: email, password: DEMO_PASSWORD } })).json()) as { access_token: string };
  return { authorization: `Bearer ${answer.access_token}` };
}

/** A 1×1 PNG (the smallest valid PNG, as published; see test/server/multipart.ts). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText(text, { x: 40, y: 800, size: 14 });
  return Buffer.from(await pdf.save());
}

/**
 * What the merchant did with each field of the journey's forms: typed it (a fill, or keys pressed into it), chose it
 * (a select, a radio, a checkbox, a suggestion) or found it already filled (from the record, a PAN, GSTIN, CIN or
 * Aadhaar lookup). A field is counted once, under the first thing that happened to it.
 */
export class FieldLedger {
  readonly typed: string[] = [];
  readonly chosen: string[] = [];
  readonly prefilled: string[] = [];
  readonly uploaded: string[] = [];
  /** Fields shown filled but not editable (the record's PAN name, …): neither typed nor counted as auto-filled. */
  readonly readOnly: string[] = [];
  /** Keys the merchant pressed into fields (each character typed, each OTP digit). */
  keystrokes = 0;
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
    this.keystrokes += value.length;
  }

  /** An OTP typed into its boxes (one field, however many boxes). */
  async typeOtp(page: Page, firstBox: Locator, name: string, code: string) {
    expect(code, `${name}: a code from the sandbox`).toMatch(/^\d{4}$/);
    await firstBox.click();
    await page.keyboard.type(code);
    this.typed.push(name);
    this.keystrokes += code.length;
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

  /** A button that picks a value (a director, a suggestion); `field`, the field it fills, then counts as chosen. */
  async pick(control: Locator, name: string, field?: Locator) {
    await control.click();
    if (field) await this.mark(field);
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
          readOnly: field.disabled || (field as HTMLInputElement).readOnly || field.getAttribute('aria-readonly') === 'true',
          label: (field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? field.name ?? field.id).replace(/\s*\*\s*$/, '').trim(),
        })),
    );
    for (const field of filled) {
      if (!field.id || this.touched.has(field.id)) continue;
      this.touched.add(field.id);
      // The id tells apart fields of one label (the registered and the operating address).
      (field.readOnly ? this.readOnly : this.prefilled).push(`${step}: ${field.label} (${field.id})`);
    }
  }

  /** Typed ÷ (typed + chosen + auto-filled): the measure of re-typing (read-only fields not counted). */
  typedShare(): number {
    return this.typed.length / (this.typed.length + this.chosen.length + this.prefilled.length);
  }
}

/**
 * Checks a screen with axe (which waits for fades to end), then keeps its screenshot as
 * e2e/screenshots/<prefix>-<name>.png.
 */
export async function journeySnap(page: Page, prefix: string, name: string, { fullPage = false } = {}) {
  await expectAccessible(page, `${prefix}-${name}`);
  // Chromium's full-page capture leaves a focused text box's scroll position to be restored when it loses focus: the
  // next click's press would then land before the page jumps back and its release after (on another element).
  if (fullPage) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${SCREENSHOTS}/${prefix}-${name}.png`, fullPage });
}

/** The code of the latest message the sandbox sent to `recipient`, once one that matches `about` has arrived. */
export async function sandboxCode(page: Page, baseUrl: string, recipient: string, about: RegExp): Promise<string> {
  let body = '';
  await expect.poll(async () => about.test((body = await latestSandboxMessage(page, baseUrl, recipient))), { message: `a message to ${recipient} about ${about}` }).toBe(true);
  return /\b(\d{4}) is your OTP\b/.exec(body)?.[1] ?? '';
}

/** Signs in with the demo password (README: the demo users and staff) and waits for the page it leads to. */
export async function signInWithPassword(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/app/account`);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs a demo staff member (README: ops.admin, ops.reviewer) in with the password; waits for the operations console. */
export async function signInToConsole(page: Page, baseUrl: string, email: string) {
  await signInWithPassword(page, baseUrl, email);
  await page.getByRole('heading', { name: 'Operations console' }).waitFor();
}

/** The MID of the page's signed-in merchant. */
export async function midOfPage(page: Page, baseUrl: string): Promise<string> {
  const { uuid, auth } = await merchantOfPage(page, baseUrl);
  const record = (await (await page.request.get(`${baseUrl}/api/v1/merchants/${uuid}`, { headers: auth })).json()) as { merchant: { mid: number | string } };
  return String(record.merchant.mid);
}

/**
 * A reviewer (demo staff ops.reviewer) approves every item the console's queue holds for the merchant `mid`,
 * `expected` of them, one after another; `look` sees each dialog first. Answers the items' labels in the order seen.
 */
export async function approveWaitingItems(reviewer: Page, baseUrl: string, mid: string, expected: number, look?: (review: Locator, item: string, index: number) => Promise<void>): Promise<string[]> {
  await signInToConsole(reviewer, baseUrl, 'ops.reviewer@example.com');
  await reviewer.getByRole('tab', { name: 'Review queue' }).click();
  const reviewButtons = reviewer.getByRole('button', { name: new RegExp(`^REVIEW .+, MID ${mid}$`) });
  await expect.poll(() => reviewButtons.count()).toBe(expected);
  const approved: string[] = [];
  for (let left = expected; left > 0; left -= 1) {
    const item = ((await reviewButtons.first().getAttribute('aria-label')) ?? '').replace(/^REVIEW /, '').replace(/, MID \d+$/, '');
    await reviewButtons.first().click();
    const review = reviewer.getByRole('dialog');
    await review.getByRole('button', { name: 'APPROVE' }).waitFor();
    await look?.(review, item, approved.length);
    await review.getByRole('button', { name: 'APPROVE' }).click();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => reviewButtons.count()).toBe(left - 1);
    approved.push(item);
  }
  return approved;
}

/**
 * One merchant's whole journey on a phone page: what it typed, chose and found filled (its {@link FieldLedger}), the
 * screens it checked with axe and kept as e2e/screenshots/<name>-<screen>.png, and the moves every journey makes the
 * same way (sign-up, the test deposit, the website, reading and e-signing the agreement, sending the documents).
 */
export class Journey {
  readonly fields = new FieldLedger();
  private readonly started = Date.now();

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly name: string,
  ) {}

  snap(screen: string, options?: { fullPage?: boolean }) {
    return journeySnap(this.page, this.name, screen, options);
  }

  code(recipient: string, about: RegExp) {
    return sandboxCode(this.page, this.baseUrl, recipient, about);
  }

  /** Signs up with an e-mail OTP from the sandbox inbox; on the onboarding page after. */
  async signUp(email: string) {
    const { page, fields } = this;
    await page.goto(`${this.baseUrl}/app/account`);
    await fields.type(page.getByLabel('E-mail or mobile number'), 'sign-in: e-mail', email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, page.getByLabel('OTP digit 1'), 'sign-in: OTP', await this.code(email, /OTP to sign in/));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(/\/app\/onboarding$/);
  }

  /**
   * The bank step verified by a ₹1 UPI payment (server/upi): PAY ₹1 WITH UPI, paid in the sandbox UPI app (another
   * app on a phone: what happens there is not counted), the account number and IFSC filled from the payment, submitted;
   * verified at once, with no test deposit.
   */
  async verifyBankByUpi() {
    const { page, fields } = this;
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await fields.pick(bank.getByRole('button', { name: 'PAY ₹1 WITH UPI' }), 'bank-details: verify by a ₹1 UPI payment');
    const open = bank.getByRole('link', { name: 'OPEN YOUR UPI APP' });
    await open.waitFor();
    await this.snap('bank-upi-waiting', { fullPage: true });
    const [upiApp] = await Promise.all([page.waitForEvent('popup'), open.click()]);
    await upiApp.getByRole('button', { name: /^Pay ₹1\.00 from .*'s account$/ }).click();
    await upiApp.getByText('Paid. Return to the app.').waitFor();
    await upiApp.close();
    await bank.getByText(/^Paid from .* account ending \d{4}\. Submit to save it: no test deposit is needed\.$/).waitFor({ timeout: 20_000 });
    await expect.poll(() => bank.getByLabel(/Bank Account Number/).inputValue()).toMatch(/^5010\d{10}$/);
    await expect.poll(() => bank.getByText(/MANDVI/).first().isVisible()).toBe(true);
    await fields.notePrefilled(bank, 'bank-details');
    await this.snap('bank-form', { fullPage: true });
    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'bank-details'), { timeout: 20_000 }).toBe('Completed');
  }

  /** The Website tab the bank's verification moves to: the address, the OTP sent to `email`, the domain marked active. */
  async submitWebsite(email: string, address: string) {
    const { page, fields } = this;
    await page.waitForURL(/\/app\/onboarding\/website$/, { timeout: 15_000 });
    const website = page.getByRole('region', { name: 'Website Details' });
    await fields.check(website.getByRole('radio', { name: 'On my website or app' }), 'website-details: integration type');
    await fields.type(website.getByLabel(/Website URL/), 'website-details: Website URL', address);
    await website.getByRole('button', { name: 'Submit', exact: true }).click();
    const websiteOtp = page.getByRole('dialog', { name: 'Verify it is you' });
    await websiteOtp.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, websiteOtp.getByLabel('OTP digit 1'), 'website-details: OTP', await this.code(email, /website details/));
    await this.snap('website-otp');
    await websiteOtp.getByRole('button', { name: 'Verify' }).click();
    const live = page.getByRole('dialog', { name: 'Your website is live' });
    await live.waitFor();
    await this.snap('website-status-active');
    await live.getByRole('button', { name: 'YES, IT IS ACTIVE' }).click();
    await expect.poll(() => website.getByText('Your website is being reviewed').first().isVisible()).toBe(true);
    await this.snap('website-in-review', { fullPage: true });
  }

  /** VERIFY WITH AADHAAR in the open KYC step: the number and consent, then the OTP the sandbox sends (always `otp`). */
  async aadhaarKyc(aadhaar: string, otp: string) {
    const { page, fields } = this;
    await row(page, 'kyc').getByRole('button', { name: 'VERIFY WITH AADHAAR' }).click();
    const getOtp = page.locator('[data-dialog="aadhar-get-otp"] [role="dialog"]');
    await fields.type(getOtp.getByLabel('Aadhaar Number'), 'kyc: Aadhaar Number', aadhaar);
    await fields.check(getOtp.getByRole('checkbox'), 'kyc: Aadhaar consent');
    await this.snap('kyc-aadhaar-get-otp');
    await getOtp.getByRole('button', { name: 'SEND OTP' }).click();
    const verifyOtp = page.locator('[data-dialog="aadhar-verify-otp"] [role="dialog"]');
    await verifyOtp.getByText(`OTP sent to the mobile number linked with Aadhaar ending ${aadhaar.slice(-4)}`).waitFor();
    await fields.type(verifyOtp.getByLabel('OTP'), 'kyc: Aadhaar OTP', otp);
    await this.snap('kyc-aadhaar-verify-otp');
    await verifyOtp.getByRole('button', { name: 'VERIFY' }).click();
  }

  /** A document's row on the Documents tab, and the label of its status. */
  documentRow(category: string) {
    return this.page.locator(`li[data-category="${category}"]`);
  }

  private chip(category: string) {
    return this.documentRow(category).locator('.MuiChip-label').innerText();
  }

  /** Uploads one file as a category's whole document (UPLOAD, then the file). */
  async uploadWhole(category: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.documentRow(category).getByRole('button', { name: /^(UPLOAD|REUPLOAD|REPLACE):/ }).click();
    await this.fields.upload(this.page.getByRole('dialog').last().locator('input[type=file]').first(), `documents: ${category}`, file);
    await expect.poll(() => this.chip(category)).toBe('Uploaded, not submitted');
  }

  /** The signing authority's passport as their address proof: the type chosen, its front (an image) and back (a PDF). */
  async uploadPassport() {
    const { page, fields } = this;
    const category = 'ADDRESS_PROOF_SIGNED_AUTHORITY';
    await this.documentRow(category).getByRole('button', { name: /^UPLOAD:/ }).click();
    await fields.check(page.getByRole('dialog').last().getByRole('radio', { name: 'Passport' }), 'documents: address proof type');
    await this.snap('documents-type-chooser');
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await fields.upload(page.getByLabel('FRONT', { exact: true }), 'documents: passport front', { name: 'passport-front.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('passport-front.png').waitFor();
    await fields.upload(page.getByLabel('BACK', { exact: true }), 'documents: passport back', { name: 'passport-back.pdf', mimeType: 'application/pdf', buffer: await onePagePdf('Passport, back page') });
    await page.getByText('passport-back.pdf').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'DONE' }).isEnabled()).toBe(true);
    await this.snap('documents-front-back');
    await page.getByRole('button', { name: 'DONE' }).click();
    await expect.poll(() => this.chip(category)).toBe('Uploaded, not submitted');
  }

  /** The agreement opened by the page from a link to its step, generated; answers its row once the ready dialog shows. */
  async generateAgreement(): Promise<{ agreement: Locator; ready: Locator }> {
    const { page } = this;
    await page.goto(`${this.baseUrl}/app/onboarding?step=service-agreement`);
    await expect.poll(() => page.locator('#service-agreement-header').getAttribute('aria-expanded')).toBe('true');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 30_000 });
    await this.snap('agreement-ready');
    return { agreement, ready };
  }

  /** READ AND ACCEPT: `check` reads the agreement's frame first; I Accept shows only once it is scrolled to its end. */
  async readAndAccept(agreement: Locator, check: (frame: FrameLocator) => Promise<void>) {
    const { page } = this;
    await agreement.getByRole('button', { name: 'READ AND ACCEPT', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Service Agreement' });
    await check(modal.frameLocator('iframe[title="The service agreement"]'));
    const accept = modal.getByRole('button', { name: 'I Accept' });
    expect(await accept.count()).toBe(0);
    await this.snap('agreement-unread');
    for (let press = 0; press < 30 && !(await accept.isVisible()); press += 1) {
      // The arrow goes once the end is reached, possibly between the look and the click.
      await modal.getByRole('button', { name: 'Scroll the agreement down' }).click({ timeout: 2_000 }).catch(() => undefined);
      await accept.waitFor({ timeout: 500 }).catch(() => undefined);
    }
    await this.snap('agreement-read');
    await accept.click();
    await expect.poll(() => agreement.getByText('You accepted the service agreement. E-sign it to finish your activation.').isVisible()).toBe(true);
  }

  /**
   * E-SIGN AGREEMENT: the review lists `documents` (signed with the one OTP), the OTP goes to `signatory` (`masked`, as
   * the review shows the address); answers the success dialog, checked to stay until the merchant closes it.
   */
  async esign(agreement: Locator, signatory: string, masked: RegExp, documents: string[]): Promise<Locator> {
    const { page, fields } = this;
    await agreement.getByRole('button', { name: 'E-SIGN AGREEMENT', exact: true }).click();
    const esign = page.getByRole('dialog', { name: 'Review and e-sign your service agreement' });
    await esign.getByText(masked).waitFor();
    expect(await esign.getByRole('list', { name: 'Documents signed with this OTP' }).getByRole('listitem').allTextContents()).toEqual(documents);
    await this.snap('msa-review-esign');
    await esign.getByRole('button', { name: 'SEND OTP' }).click();
    await esign.getByLabel('OTP digit 1').waitFor();
    await fields.typeOtp(page, esign.getByLabel('OTP digit 1'), 'service-agreement: e-sign OTP', await this.code(signatory, /OTP to e-sign/));
    await this.snap('msa-esign-otp');
    await esign.getByRole('button', { name: 'E-SIGN' }).click();
    const success = page.getByRole('dialog', { name: 'Your service agreement is signed!' });
    await success.waitFor();
    // A dialog that confirms an action stays until the merchant closes it (it was lost when the page had opened the row).
    await page.waitForTimeout(2_000);
    expect(await success.isVisible()).toBe(true);
    await this.snap('msa-success');
    return success;
  }

  /** The Documents tab once the agreement is e-signed: `esigned` categories filed by the e-sign, everything sent for review. */
  async submitDocuments(esigned: string[]) {
    const { page } = this;
    await page.getByRole('link', { name: 'Documents' }).click();
    for (const category of esigned) await this.documentRow(category).getByText('E-signed with the service agreement.').waitFor();
    await this.snap('documents-ready', { fullPage: true });
    await page.getByRole('button', { name: 'SUBMIT DOCUMENTS' }).click();
    await page.getByRole('status').filter({ hasText: 'Documents submitted.' }).waitFor();
    await expect.poll(() => page.getByTestId('documents-status').innerText()).toContain('Docs Received');
  }

  /** The end: every step completed, and the page says the merchant is live and what is possible now. */
  async expectLive(steps: readonly string[]) {
    const { page } = this;
    await page.getByRole('link', { name: 'Profile' }).click();
    for (const step of steps) await expect.poll(() => status(page, step), { message: step }).toBe('Completed');
    const end = page.getByRole('region', { name: "You're live!" });
    await end.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Account Is Active');
    expect(await end.getByRole('link', { name: 'COLLECT PAYMENTS' }).getAttribute('href')).toMatch(/^https:\/\//);
    await end.getByRole('button', { name: 'Download your signed service agreement' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await this.snap('all-completed', { fullPage: true });
  }

  /**
   * Writes e2e/screenshots/<name>-summary.json (what the merchant typed, chose and found filled, keystrokes, files,
   * seconds) with `extra`, prints one line of it, and answers it.
   */
  summary(extra: Record<string, unknown> = {}) {
    const { fields } = this;
    const summary = {
      wall_time_seconds: Math.round((Date.now() - this.started) / 1000),
      typed: fields.typed.length,
      chosen: fields.chosen.length,
      prefilled: fields.prefilled.length,
      read_only: fields.readOnly.length,
      typed_share: Math.round(fields.typedShare() * 1000) / 10,
      keystrokes: fields.keystrokes,
      uploaded: fields.uploaded.length,
      ...extra,
      fields: { typed: fields.typed, chosen: fields.chosen, prefilled: fields.prefilled, read_only: fields.readOnly, uploaded: fields.uploaded },
    };
    writeFileSync(`${SCREENSHOTS}/${this.name}-summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `${this.name}: ${summary.wall_time_seconds} s, typed ${summary.typed} fields (${summary.typed_share} % of typed + chosen + auto-filled), chose ${summary.chosen}, auto-filled ${summary.prefilled}, read-only ${summary.read_only}, ${summary.keystrokes} keystrokes, uploaded ${summary.uploaded} files`,
    );
    return summary;
  }
}
