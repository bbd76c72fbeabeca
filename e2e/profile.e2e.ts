import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../schemas/keywords/gstinChecksum';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, openStep, row, signUpWithPan, status } from './journey';

const PAN = 'AAACN4521K';
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

const product = startProductInBrowser();

describe('a new Private Limited merchant fills the profile steps on a phone', () => {
  it('business details (GST mismatch first), signing authority (CIN required), address by pincode; reload keeps it', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: PAN, entity: 'Private Limited', prefix: 'pvt' });

    const business = row(page, 'business-details');
    await expect.poll(() => business.getByRole('combobox', { name: /Business Type/ }).isVisible()).toBe(true);
    await chooseOption(business, /Business Type/, /.+/);
    await chooseOption(business, /Business Sub Type/, /.+/);
    await chooseOption(business, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    const gst = business.getByLabel(/GST Number/);
    await gst.fill(gstin('27AAACX9999K1Z'));
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => business.getByText('The GST number does not match with PAN details provided').first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/business-gst-mismatch.png`, fullPage: true });
    await expectAccessible(page, 'business-gst-mismatch');
    await gst.fill(gstin(`27${PAN}1Z`));
    await business.getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => business.getByText('Ultimate Beneficial Owners').first().isVisible()).toBe(true);
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => business.getByText('This field cannot be left blank').first().isVisible()).toBe(true);
    expect(await business.getByRole('button', { name: 'Add Beneficial owner' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/business-owners.png`, fullPage: true });
    await expectAccessible(page, 'business-owners');
    await business.getByRole('radio', { name: 'No' }).check();
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');

    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await expect.poll(() => bank.getByLabel(/Company PAN Number/).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-form-company.png`, fullPage: true });
    await expectAccessible(page, 'bank-form-company');
    expect(await bank.getByLabel(/Company PAN Name/).isVisible()).toBe(true);
    await bank.getByLabel(/Bank Account Number/).fill('50100234567890');
    await bank.getByLabel(/IFSC Code/).fill('HDFC0000001');
    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'bank-details')).not.toBe('To do');

    const signing = row(page, 'signing-authority');
    await openStep(page, 'signing-authority');
    await expect.poll(() => signing.getByText('Authorised Signatory (Director)').isVisible()).toBe(true);
    await expectAccessible(page, 'signing-authority');
    await signing.getByLabel(/^Name/).fill('Asha Verma');
    await signing.getByLabel(/^Email/).fill('asha.verma@example.com');
    await signing.getByLabel(/PAN Number/).pressSequentially('ABCPV1234K');
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => signing.getByText('This field cannot be left blank').first().isVisible()).toBe(true);
    await signing.getByLabel(/CIN/).fill('U00000MH0000PTC000000');
    await signing.getByRole('button', { name: /Find signatories/i }).click();
    await expect.poll(() => signing.getByText(/No signatories found on record/).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/signing-none-found.png`, fullPage: true });
    await expectAccessible(page, 'signing-none-found');
    await signing.getByLabel(/CIN/).fill('U72200MH2009PTC123456');
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'signing-authority')).toBe('Completed');

    const kyc = row(page, 'kyc');
    await expect.poll(() => status(page, 'kyc')).not.toBe('Locked');
    await openStep(page, 'kyc');
    await expectAccessible(page, 'kyc');
    await kyc.getByLabel(/^Address/).first().fill('14 Kalbadevi Road, Marine Lines');
    // A pincode the lookup does not know says so on the field, and nothing else is refused.
    await kyc.getByLabel(/^Pincode/).first().fill('999999');
    await expect.poll(() => kyc.getByText('We could not find this pincode: check it, or enter the city and state yourself').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/kyc-pincode-unknown.png`, fullPage: true });
    await expectAccessible(page, 'kyc-pincode-unknown');
    await kyc.getByLabel(/^Pincode/).first().fill('400002');
    await expect.poll(() => kyc.getByLabel(/^State/).first().inputValue()).toMatch(/maharashtra/i);
    await kyc.getByLabel('Operating address is the same as the registered address').check();
    await kyc.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^KYC saved/ }).isVisible()).toBe(true);
    await expect.poll(() => kyc.getByText('Address saved. Upload your documents to complete KYC.').isVisible()).toBe(true);
    await expect.poll(() => page.locator('#kyc-header').getAttribute('aria-expanded')).toBe('false');
    // The next step opens: the additional documents, the same list as the Documents tab, sent with the step's Submit.
    await row(page, 'additional-documents').getByRole('heading', { name: 'PAN Card of the Company' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/additional-documents-step.png`, fullPage: true });
    await expectAccessible(page, 'additional-documents-step');
    await expect.poll(async () => (await page.request.get(`${product.baseUrl}/api/v1/sandbox/messages`)).ok()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/profile-filled.png`, fullPage: true });
    await expectAccessible(page, 'profile-filled');

    await page.reload();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');
    expect(await status(page, 'signing-authority')).toBe('Completed');
    await openStep(page, 'kyc');
    await expectAccessible(page, 'kyc');
    await expect.poll(() => row(page, 'kyc').getByLabel(/^Pincode/).first().inputValue()).toBe('400002');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The Documents tab lists what a Private Limited company gives, required first.
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { name: 'PAN Card of the Company' }).waitFor();
    const required = await page.locator('#documents-required ~ ul > li, [aria-labelledby="documents-required"] li').evaluateAll((items) => items.map((item) => item.getAttribute('data-category')));
    expect(required).toEqual(['PANCARD_COMPANY', 'PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'GOVT_ISSUED_CERTIFICATE', 'SIGNED_AUTHORISATION_LETTER', 'SC']);
    await page.screenshot({ path: `${SCREENSHOTS}/documents-checklist.png`, fullPage: true });
    await expectAccessible(page, 'documents-checklist');
    await page.context().close();
  });
});
