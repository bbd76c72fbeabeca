import { describe, expect, it } from 'vitest';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, merchantOfPage, openStep, row, signUpWithPan } from './journey';

const product = startProductInBrowser();

describe('the service agreement when things go wrong', () => {
  it('shows the loader, RETRY after a failed generation, CONTACT US after the second; a member who may not accept gets the no-access modal', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AAACP7311K', entity: 'Private Limited', prefix: 'agreement.failure' });
    await openStep(page, 'website-details');
    await row(page, 'website-details').getByRole('radio', { name: 'With payment links and tools (no website)' }).check();
    await row(page, 'website-details').getByRole('button', { name: 'Submit', exact: true }).click();

    // The storage refuses this merchant's agreement (as a full disk would): every run of the job fails.
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    await product.query(`create or replace function refuse_agreement() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await product.query(`create trigger refuse_agreement before insert on service_agreements for each row when (new.merchant_uuid = '${uuid}') execute function refuse_agreement()`);

    await openStep(page, 'service-agreement');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Fill the details below to prepare your service agreement' });
    await chooseOption(details, /Business Type/, 'Food & Beverage');
    await chooseOption(details, /Business Sub Type/, 'Cloud Kitchens');
    await chooseOption(details, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await details.getByRole('button', { name: 'SUBMIT' }).click();
    const loader = page.getByRole('dialog', { name: 'Generating Service Agreement' });
    await loader.waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-generating.png` });

    // Three failed runs (the queue retries after 1 s and 5 s): the first failed request offers RETRY.
    const retry = page.getByRole('dialog', { name: 'Something went wrong!' });
    await retry.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'agreement-retry');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-retry.png` });
    await retry.getByRole('button', { name: 'RETRY' }).click();
    await loader.waitFor();
    const failed = page.getByRole('dialog', { name: 'There seems to be a problem while generating your service agreement.' });
    await failed.waitFor({ timeout: 30_000 });
    expect(await failed.getByRole('link', { name: 'CONTACT US' }).getAttribute('href')).toMatch(/^mailto:/);
    await expectAccessible(page, 'agreement-contact-us');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-contact-us.png` });
    await failed.getByRole('button', { name: 'CLOSE' }).click();

    // The storage works again: generating once more gives the agreement.
    await product.query('drop trigger refuse_agreement on service_agreements');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 30_000 });
    await ready.getByRole('button', { name: 'CLOSE' }).click();

    // The agreement exists: business details are read-only, and the GST number changes through its own dialog. The
    // page has the new record first (the agreement's row says so), so the step is not redrawn under the click.
    await row(page, 'service-agreement').getByText(/Your service agreement is ready/).waitFor();
    await openStep(page, 'business-details');
    await row(page, 'business-details').getByRole('button', { name: 'UPDATE GST NUMBER' }).click();
    const gst = page.getByRole('dialog', { name: 'Update your GST number' });
    await gst.getByLabel(/GST Number/).fill('27AAACM1234K1ZN');
    await gst.getByRole('button', { name: 'UPDATE', exact: true }).click();
    await gst.getByText('The GST number does not match with PAN details provided').waitFor();
    await expectAccessible(page, 'gst-update');
    await page.screenshot({ path: `${SCREENSHOTS}/gst-update.png` });
    await gst.getByRole('button', { name: 'CLOSE' }).click();

    // A member whose role may edit documents but not accept (update_profile_restricted): the spec's no-access modal.
    await product.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [uuid]);
    await page.reload();
    await openStep(page, 'service-agreement');
    await row(page, 'service-agreement').getByRole('button', { name: 'READ AND ACCEPT', exact: true }).click();
    const noAccess = page.getByRole('dialog', { name: 'Please ask the merchant to digitally Sign the service agreement' });
    await noAccess.waitFor();
    await expectAccessible(page, 'agreement-no-access');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-no-access.png` });
    await noAccess.getByRole('button', { name: 'Ok, got it!' }).click();
    await expect.poll(() => noAccess.count()).toBe(0);
    await page.context().close();
  });
});
