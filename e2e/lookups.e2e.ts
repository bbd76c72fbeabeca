import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../schemas/keywords/gstinChecksum';
import { SANDBOX_REGISTERED_OFFICES, sandboxCompanyRegistryProvider, sandboxPanProvider } from '../server/providers/sandbox';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, openStep, row, signUpWithPan, status } from './journey';

const product = startProductInBrowser();

/** A Private Limited company (fourth PAN letter C): the sandbox links two GSTINs to its PAN and lists it in the registry. */
const PAN = 'AABCJ4821M';
const GSTIN = `27${PAN}1Z${gstinCheckCharacter(`27${PAN}1Z`) ?? ''}`;

/** The controls of `scope` a finger can miss on a phone (under 44 × 44 CSS pixels), as harness.ts smallTapTargets counts them. */
function smallTapTargetsIn(scope: Locator): Promise<string[]> {
  return scope.locator('button, a[href], input[type=radio], input[type=checkbox], [role=button], [role=combobox], select').evaluateAll((elements) =>
    elements.flatMap((element) => {
      const target = element.matches('input[type=radio], input[type=checkbox]') ? (element.closest('label') ?? element) : element;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden' || (box.width + 0.5 >= 44 && box.height + 0.5 >= 44)) return [];
      return [`${target.tagName.toLowerCase()} "${(target.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`];
    }),
  );
}

/**
 * Checks the page with axe and the step's own controls for their size (the page around the steps is another test's),
 * then keeps its full-page screenshot as e2e/screenshots/<name>.png.
 */
async function snapStep(page: Page, step: Locator, name: string) {
  expect.soft(await axeViolations(page), `axe violations on ${name}`).toEqual([]);
  expect.soft(await smallTapTargetsIn(step), `tap targets under 44 px on ${name}`).toEqual([]);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

describe('what the registries know is picked, not typed: a Private Limited merchant on a phone', () => {
  it('picks its GSTIN and its CIN from the lookups, and finds its registered office filled from the company registry', async () => {
    const panName = ((await sandboxPanProvider.verify(PAN)) as { name: string }).name;
    const [company] = await sandboxCompanyRegistryProvider.companiesNamed(panName);
    const office = SANDBOX_REGISTERED_OFFICES.MH!;
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: PAN, entity: 'Private Limited', prefix: 'lookups' });

    // Business details: the GSTINs registered to the PAN, each a button with its trade name; a pick fills both fields.
    const business = row(page, 'business-details');
    await openStep(page, 'business-details');
    const gstins = business.getByRole('group', { name: 'Choose one of the GST numbers registered to your PAN, or type another.' });
    const tradeName = `${panName.split(' ')[1]} TRADERS`;
    await gstins.getByRole('button', { name: `${GSTIN} ${tradeName}` }).click();
    await expect.poll(() => business.getByLabel(/GST Number/).inputValue()).toBe(GSTIN);
    await expect.poll(() => business.getByLabel(/^Trade Name/).inputValue()).toBe(tradeName);
    expect(await gstins.getByRole('button', { name: `${GSTIN} ${tradeName}` }).getAttribute('aria-pressed')).toBe('true');
    await snapStep(page, business, 'lookups-business-gstin-picked');

    // Signing authority: the company the registry lists under the PAN name, picked as the CIN; its directors found.
    await chooseOption(business, /Business Type/, 'Food & Beverage');
    await chooseOption(business, /Business Sub Type/, 'Cloud Kitchens');
    await chooseOption(business, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await business.getByRole('radio', { name: 'No' }).check();
    await business.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'business-details')).toBe('Completed');
    const signing = row(page, 'signing-authority');
    await openStep(page, 'signing-authority');
    const companies = signing.getByRole('group', { name: /company registry \(MCA\) lists this company under your PAN name/ });
    await companies.getByRole('button', { name: `${company!.cin} ${panName}` }).click();
    await expect.poll(() => signing.getByRole('textbox', { name: /^CIN/ }).inputValue()).toBe(company!.cin);
    await snapStep(page, signing, 'lookups-signing-cin-picked');
    await signing.getByRole('button', { name: 'Find signatories' }).click();
    const director = signing.getByRole('button', { name: /^[A-Z]+ [A-Z]+$/ }).first();
    await director.click();
    await expect.poll(() => signing.getByLabel(/^Name/).inputValue()).toBe((await director.textContent()) ?? '');
    await signing.getByLabel(/^Email/).fill(`director.${Date.now()}@example.com`);
    await signing.getByLabel(/PAN Number/).pressSequentially('ABCPV1234K');
    await signing.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => status(page, 'signing-authority')).toBe('Completed');

    // KYC: the registered address is the registry's registered office for that CIN, said so, editable, saved as it is.
    const kyc = row(page, 'kyc');
    await openStep(page, 'kyc');
    const registered = (label: RegExp) => kyc.getByLabel(label).first();
    await expect.poll(() => registered(/^Address/).inputValue()).toBe(office.address_line);
    expect(await registered(/^Pincode/).inputValue()).toBe(office.pincode);
    expect(await registered(/^City/).inputValue()).toBe(office.city);
    expect(await registered(/^State/).inputValue()).toBe(office.state);
    await kyc.getByText(/^Filled in from the company registry \(MCA\) for your CIN/).waitFor();
    expect(await registered(/^Address/).isEditable()).toBe(true);
    await kyc.getByLabel('Operating address is the same as the registered address').check();
    await snapStep(page, kyc, 'lookups-kyc-registry-address');
    await kyc.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^KYC saved/ }).isVisible()).toBe(true);
  });
});
