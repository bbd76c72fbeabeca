import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../schemas/keywords/gstinChecksum';
import { startProductInBrowser } from './harness';
import { approveWaitingItems, Journey, JOURNEY_STEPS, latestSandboxMessage, midOfPage, openStep, PNG, row, status } from './journey';

const product = startProductInBrowser();

/** The journey's merchant: a Sole Proprietorship (fourth PAN letter P: a person, the proprietor), GST registered. */
const PAN = 'BKLPR5127M';
const GSTIN = `27${PAN}1Z${gstinCheckCharacter(`27${PAN}1Z`) ?? ''}`;
/** The proprietor's Aadhaar (README, Sandbox test values: a valid Verhoeff digit gets OTP 123456). */
const AADHAAR = '234123412346';
const AADHAAR_OTP = '123456';

describe('the whole journey of a new Sole Proprietorship, on a phone, with sandbox providers only', () => {
  it('signs up, is its own signing authority, takes its address from Aadhaar, e-signs Schedule C with the agreement, and is live once reviewed', async () => {
    const page = await product.phonePage();
    const journey = new Journey(page, product.baseUrl, 'proprietor');
    const { fields } = journey;
    const snap = journey.snap.bind(journey);
    const email = `rp${Date.now().toString(36)}@example.com`;

    await journey.signUp(email);
    await page.getByTestId('due-now').waitFor();
    await snap('start', { fullPage: true });
    // Nothing says "Ready to upload" before there is anything to upload; one line says what is due.
    expect(await page.getByText('Ready to upload').count()).toBe(0);
    expect((await page.getByTestId('due-now').textContent())?.replace(/\s+/g, ' ')).toBe('Due now: PAN Details');

    // PAN: a person's PAN; the entities it may be are offered.
    const panRow = row(page, 'pan-details');
    await fields.type(panRow.getByLabel(/PAN Number/), 'pan-details: PAN Number', PAN.toLowerCase(), { keys: true });
    await fields.choose(panRow, /Business Entity/, 'Sole Proprietorship', 'pan-details: Business Entity');
    await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
    const panDialog = page.getByRole('dialog', { name: 'PAN verified' });
    await panDialog.waitFor();
    const panName = (await panDialog.getByTestId('pan-name').textContent()) ?? '';
    await snap('pan-confirmation');
    await panDialog.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => status(page, 'pan-details')).toBe('Completed');

    // Business details: the GSTIN picked among those registered to the PAN.
    const business = row(page, 'business-details');
    await openStep(page, 'business-details');
    await fields.choose(business, /Business Type/, 'Food & Beverage', 'business-details: Business Type');
    await fields.choose(business, /Business Sub Type/, 'Cloud Kitchens', 'business-details: Business Sub Type');
    await fields.choose(business, /Expected Monthly Sales/, '₹30,001 – ₹60,000', 'business-details: Expected Monthly Sales');
    const gstins = business.getByRole('group', { name: 'Choose one of the GST numbers registered to your PAN, or type another.' });
    await fields.pick(gstins.getByRole('button', { name: new RegExp(`^${GSTIN} `) }), 'business-details: GST Number', business.getByLabel(/GST Number/));
    await expect.poll(() => business.getByLabel(/^Trade Name/).inputValue()).toMatch(/ TRADERS$/);
    const ubo = business.getByRole('radio', { name: 'No' });
    if (await ubo.count()) await fields.check(ubo, 'business-details: beneficial owners (No)');
    await fields.notePrefilled(business, 'business-details');
    await snap('business-details', { fullPage: true });
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');

    // Bank: verified by a ₹1 UPI payment from it (the amount typed with its rupee sign is e2e/bank.e2e.ts's).
    await journey.verifyBankByUpi();
    await journey.submitWebsite(email, 'rajkitchen.in');

    // Signing authority: the proprietor is the PAN holder; name, PAN and e-mail start filled.
    await page.getByRole('link', { name: 'Profile' }).click();
    const signing = row(page, 'signing-authority');
    await openStep(page, 'signing-authority');
    await expect.poll(() => signing.getByLabel(/^Name/).inputValue()).toBe(panName);
    expect(await signing.getByLabel(/PAN Number/).inputValue()).toBe(PAN);
    expect(await signing.getByLabel(/^Email/).inputValue()).toBe(email);
    await fields.choose(signing, /Politically Exposed Person/, 'Not Applicable', 'signing-authority: PEP');
    await fields.notePrefilled(signing, 'signing-authority');
    await snap('signing-authority', { fullPage: true });
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'signing-authority')).toBe('Completed');

    // KYC: Aadhaar e-KYC, whose address is the proprietor's own, fills the registered address.
    const kyc = row(page, 'kyc');
    await openStep(page, 'kyc');
    await journey.aadhaarKyc(AADHAAR, AADHAAR_OTP);
    await expect.poll(() => kyc.getByLabel(/^Address/).first().inputValue()).not.toBe('');
    await fields.check(kyc.getByLabel('Operating address is the same as the registered address'), 'kyc: operating address same as registered');
    await fields.notePrefilled(kyc, 'kyc');
    await snap('kyc-address', { fullPage: true });
    await kyc.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^KYC saved/ }).isVisible()).toBe(true);
    // The step the address added says why it appeared; now there is something to upload, and the tip says so.
    await expect.poll(() => row(page, 'additional-documents').getByText('New step, added when your KYC address was saved: upload your documents on the Documents tab').isVisible()).toBe(true);
    await page.getByRole('status').filter({ hasText: 'Ready to upload' }).waitFor();
    await snap('profile-after-kyc', { fullPage: true });

    // Documents: the proprietor's PAN card and passport; Schedule C waits for the e-sign.
    await page.getByRole('link', { name: 'Documents' }).click();
    await journey.documentRow('PANCARD_SIGNED_AUTHORITY').waitFor();
    await journey.uploadWhole('PANCARD_SIGNED_AUTHORITY', { name: 'pan.png', mimeType: 'image/png', buffer: PNG });
    await journey.uploadPassport();
    await journey.documentRow('SC').getByText(/^Or e-sign it with the service agreement/).waitFor();
    await snap('documents-before-agreement', { fullPage: true });

    // The agreement: the proprietor signs it and Schedule C with one OTP, sent to their own e-mail.
    const { agreement, ready } = await journey.generateAgreement();
    await ready.getByRole('button', { name: 'CLOSE' }).click();
    await journey.readAndAccept(agreement, (frame) => frame.getByText(panName).first().waitFor());
    const success = await journey.esign(agreement, email, /We will send a one-time password to the signing authority/, ['Service agreement (PDF)', 'Schedule C (PDF)']);
    await success.getByRole('button', { name: 'CLOSE' }).click();
    await expect.poll(() => status(page, 'service-agreement')).toBe('Completed');

    // Documents sent; until they are reviewed nothing is the merchant's to do, and the page says so.
    await journey.submitDocuments(['SC']);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect.poll(() => page.getByTestId('due-now').innerText()).toMatch(/^Nothing is due from you now/);
    expect(await status(page, 'additional-documents')).toBe('In review');
    await snap('waiting-for-review', { fullPage: true });

    // A reviewer approves the website and the documents; the merchant's page hears it, and the merchant is told.
    const reviewer = await product.phonePage();
    await approveWaitingItems(reviewer, product.baseUrl, await midOfPage(page, product.baseUrl), 4);
    await journey.expectLive(JOURNEY_STEPS);
    await expect.poll(() => latestSandboxMessage(page, product.baseUrl, email), { timeout: 20_000 }).toMatch(/activated/);

    journey.summary();
    await reviewer.context().close();
    await page.context().close();
  }, 600_000);
});
