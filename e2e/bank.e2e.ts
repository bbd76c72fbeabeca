import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible, SCREENSHOTS, startProductInBrowser } from './harness';
import { chooseOption, latestSandboxMessage, merchantOfPage, openStep, row, signUpWithPan, staffAuth } from './journey';

const product = startProductInBrowser();

describe('a new merchant verifies the bank account on a phone', () => {
  it('finds the IFSC through the search, watches the deposit land live, reads the amount, enters a wrong then the right one, and moves on', async () => {
    const page = await product.phonePage();
    const email = await signUpWithPan(page, product.baseUrl, { pan: 'AABCM5678L', entity: 'Private Limited', prefix: 'bank' });
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await bank.getByLabel(/^Business Name/).fill('Meera Sharma Technologies');
    await bank.getByLabel(/Bank Account Number/).fill('50100234567890');

    await bank.getByRole('button', { name: 'Find your IFSC' }).click();
    const search = page.getByRole('dialog', { name: 'IFSC search' });
    await search.getByRole('combobox', { name: /Bank name/ }).fill('ABHYUDAYA');
    await page.getByRole('option', { name: 'ABHYUDAYA COOPERATIVE BANK LIMITED' }).click();
    await search.getByRole('combobox', { name: /State/ }).click();
    await page.getByRole('option', { name: 'GUJARAT' }).click();
    await search.getByRole('combobox', { name: /City/ }).click();
    await page.getByRole('option', { name: 'VADODARA' }).click();
    await search.getByRole('combobox', { name: /Branch/ }).click();
    await page.getByRole('option', { name: /MANDVI/ }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/ifsc-search.png` });
    await expectAccessible(page, 'ifsc-search');
    await search.getByRole('button', { name: 'Use this IFSC' }).click();
    await expect.poll(() => bank.getByLabel(/IFSC Code/).inputValue()).toBe('ABHY0065201');
    await expect.poll(() => bank.getByText(/MANDVI/).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-form-ifsc-chosen.png`, fullPage: true });
    await expectAccessible(page, 'bank-form-ifsc-chosen');

    // The deposit lands while the page stays as it is: the live channel brings it (no reload, no navigation).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    const amountField = page.getByLabel(/Amount deposited/);
    await amountField.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The details stay as sent while they are being verified: no second Submit beside the amount's Verify.
    expect(await bank.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-amount.png`, fullPage: true });
    await expectAccessible(page, 'penny-amount');

    const statement = await latestSandboxMessage(page, product.baseUrl, email);
    const amount = /INR (\d+\.\d{2})/.exec(statement)?.[1];
    expect(amount, statement).toBeDefined();
    await amountField.fill(amount === '1.00' ? '2.00' : '1.00');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByText('2 attempts remaining!').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-wrong-amount.png`, fullPage: true });
    await expectAccessible(page, 'penny-wrong-amount');

    // The right amount as the bank statement writes it (issue 27 item 5: "₹2.38" was called incorrect and emptied).
    await amountField.fill(`₹${amount!}`);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.poll(() => page.getByText(/Your bank account is verified/).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/penny-verified.png`, fullPage: true });
    await page.waitForURL(/\/app\/onboarding\/website$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('link', { name: /Website/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/after-bank-verified.png`, fullPage: true });

    // The Website tab: the website's address, the OTP from the inbox, the liveliness check, the domain's status.
    const website = page.getByRole('region', { name: 'Website Details' });
    await website.getByRole('radio', { name: 'On my website or app' }).check();
    await website.getByLabel(/Website URL/).fill('https://www.meerasharma.example.in');
    await page.screenshot({ path: `${SCREENSHOTS}/website-form.png`, fullPage: true });
    await expectAccessible(page, 'website-form');
    await website.getByRole('button', { name: 'Submit', exact: true }).click();
    const otp = page.getByRole('dialog', { name: 'Verify it is you' });
    await otp.getByLabel('OTP digit 1').waitFor();
    await expect.poll(async () => /website details/.test(await latestSandboxMessage(page, product.baseUrl, email))).toBe(true);
    const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, product.baseUrl, email))?.[1] ?? '';
    await otp.getByLabel('OTP digit 1').click();
    await page.keyboard.type(code);
    await expectAccessible(page, 'website-otp');
    await page.screenshot({ path: `${SCREENSHOTS}/website-otp.png` });
    await otp.getByRole('button', { name: 'Verify' }).click();
    const live = page.getByRole('dialog', { name: 'Your website is live' });
    await live.waitFor();
    await expectAccessible(page, 'website-status-active');
    await page.screenshot({ path: `${SCREENSHOTS}/website-status-active.png` });
    await live.getByRole('button', { name: 'YES, IT IS ACTIVE' }).click();
    await expect.poll(() => website.getByText('Your website is being reviewed').first().isVisible()).toBe(true);
    await expect.poll(() => website.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/website-in-review.png`, fullPage: true });
    await expectAccessible(page, 'website-in-review');

    // A reviewer asks for a correction (the console's review call); the open tab shows it at once, and the merchant replies.
    const { uuid: merchantUuid } = await merchantOfPage(page, product.baseUrl);
    const reviewed = await page.request.post(`${product.baseUrl}/api/v1/ops/websites/${merchantUuid}/review`, {
      headers: await staffAuth(page, product.baseUrl, 'ops.reviewer@example.com'),
      data: { status: 'Website Incomplete', comment: 'Add your refund policy page, then send the details again.' },
    });
    expect(reviewed.status()).toBe(200);
    await website.getByText('Add your refund policy page, then send the details again.').waitFor();
    await expect.poll(() => website.getByText('Resubmit Website details').isVisible()).toBe(true);
    await website.getByLabel('Your reply').fill('Added at /refunds.');
    await website.getByRole('button', { name: 'SEND' }).click();
    await website.getByText('Thanks for the reply. We will get back to you.').waitFor();
    await expectAccessible(page, 'website-comments');
    await page.screenshot({ path: `${SCREENSHOTS}/website-comments.png`, fullPage: true });

    // The service agreement: the details it lacks, the generation job, the ready dialog, then read to the end and accepted.
    await page.getByRole('link', { name: 'Profile' }).click();
    await openStep(page, 'service-agreement');
    const agreement = row(page, 'service-agreement');
    await agreement.getByRole('button', { name: 'GENERATE AGREEMENT', exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Fill the details below to prepare your service agreement' });
    await chooseOption(details, /Business Type/, 'Food & Beverage');
    await chooseOption(details, /Business Sub Type/, 'Cloud Kitchens');
    await chooseOption(details, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await expectAccessible(page, 'agreement-details');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-details.png` });
    await details.getByRole('button', { name: 'SUBMIT' }).click();
    const ready = page.getByRole('dialog', { name: 'Your Service Agreement is ready!' });
    await ready.waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'agreement-ready');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-ready.png` });
    await ready.getByRole('button', { name: 'CLOSE' }).click();
    await agreement.getByRole('button', { name: 'READ AND ACCEPT', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Service Agreement' });
    const frame = modal.frameLocator('iframe[title="The service agreement"]');
    await frame.getByText('Payment Gateway Service Agreement').first().waitFor();
    expect(await frame.getByText(/NIMBUS|MEERA|Merchant/).count()).toBeGreaterThan(0);
    expect(await modal.getByRole('button', { name: 'I Accept' }).count()).toBe(0);
    await expectAccessible(page, 'agreement-accept');
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-accept.png` });
    // The down arrow scrolls the frame; I Accept appears once its end is reached.
    const arrow = modal.getByRole('button', { name: 'Scroll the agreement down' });
    const accept = modal.getByRole('button', { name: 'I Accept' });
    for (let press = 0; press < 20 && !(await accept.isVisible()); press += 1) {
      // The arrow goes once the end is reached, possibly between the look and the click.
      await arrow.click({ timeout: 2_000 }).catch(() => undefined);
      await page.waitForTimeout(300);
    }
    await accept.click();
    await expect.poll(() => agreement.getByText('You accepted the service agreement. E-sign it to finish your activation.').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/agreement-accepted.png`, fullPage: true });
    await page.context().close();
  });
});

describe('when the test deposit cannot verify the account, and changing verified details', () => {
  it('takes a bank proof with upload progress after a failed deposit', async () => {
    const page = await product.phonePage();
    await signUpWithPan(page, product.baseUrl, { pan: 'AABCR4321P', entity: 'Private Limited', prefix: 'proof' });
    const bank = row(page, 'bank-details');
    await openStep(page, 'bank-details');
    await bank.getByLabel(/^Business Name/).fill('Rama Traders');
    await bank.getByLabel(/Bank Account Number/).fill('999900000001');
    await bank.getByLabel(/IFSC Code/).fill('ABHY0065201');
    await bank.getByRole('button', { name: 'Submit', exact: true }).click();
    await bank.getByRole('heading', { name: 'Verify your bank account with a document' }).waitFor({ timeout: 20_000 });
    await bank.getByRole('radio', { name: 'Cancelled Cheque' }).check();
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Cancelled cheque: RAMA TRADERS, 999900000001, ABHY0065201');
    await bank.locator('input[type=file]').setInputFiles({ name: 'cheque.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await expect.poll(() => bank.getByText('Chosen: cheque.pdf').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-proof-chosen.png`, fullPage: true });
    await expectAccessible(page, 'bank-proof-chosen');
    await bank.getByRole('button', { name: 'Upload proof' }).click();
    await expect.poll(() => page.getByText(/^Proof Submitted sucessfully!/).isVisible()).toBe(true);
    await expect.poll(() => row(page, 'bank-details').getByText(/proof/i).first().isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-proof-received.png`, fullPage: true });

    // Operations decline it with a reason (the review queue's call); the open step shows why, above another upload.
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    const declined = await page.request.post(`${product.baseUrl}/api/v1/ops/bank-proofs/${uuid}/review`, {
      headers: await staffAuth(page, product.baseUrl, 'ops.reviewer@example.com'),
      data: { status: 'Declined', remarks: 'The cheque is not cancelled' },
    });
    expect(declined.status()).toBe(200);
    await bank.getByText('Your last bank proof was declined: The cheque is not cancelled. Send another one.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/bank-proof-declined.png`, fullPage: true });
    await expectAccessible(page, 'bank-proof-declined');
    await page.context().close();
  });

  it('changes verified bank details with an OTP from the sandbox inbox: an addendum, accepted, approved by a reviewer', async () => {
    const page = await product.phonePage();
    await page.goto(`${product.baseUrl}/app/account`);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill('demo.public@example.com');
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/onboarding$/);
    await openStep(page, 'bank-details');
    const bank = row(page, 'bank-details');
    await bank.getByRole('button', { name: 'Change bank account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update bank details' });
    await dialog.getByLabel(/Bank Account Number/).fill('50100777788889');
    await dialog.getByLabel(/IFSC Code/).fill('ABHY0065201');
    await page.screenshot({ path: `${SCREENSHOTS}/bank-update-details.png` });
    await expectAccessible(page, 'bank-update-details');
    await dialog.getByRole('button', { name: 'Next' }).click();
    const otp = page.getByRole('dialog', { name: 'Verify it is you' });
    await otp.getByLabel('OTP digit 1').waitFor();
    const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, product.baseUrl, 'demo.public@example.com'))?.[1] ?? '';
    await otp.getByLabel('OTP digit 1').click();
    await page.keyboard.type(code);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-update-otp.png` });
    await expectAccessible(page, 'bank-update-otp');
    await otp.getByRole('button', { name: 'Submit', exact: true }).click();
    // The account was verified: the change is an addendum to accept, the verified account stays in use until approved.
    const addendum = bank.getByRole('region', { name: 'Addendum to your service agreement' });
    await addendum.getByText(/Now: 50100234567890/).waitFor();
    await addendum.getByText(/New: 50100777788889/).waitFor();
    await expect.poll(() => bank.getByText('Accept the addendum for your change').isVisible()).toBe(true);
    await addendum.getByRole('button', { name: 'ACCEPT ADDENDUM' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/bank-addendum.png`, fullPage: true });
    await expectAccessible(page, 'bank-addendum');
    await addendum.getByRole('button', { name: 'ACCEPT ADDENDUM' }).click();
    await addendum.getByText(/^You accepted the addendum\./).waitFor();

    // A reviewer approves it (the staff review call, from the review queue): the open page follows on the live channel.
    const reviewer = await staffAuth(page, product.baseUrl, 'ops.reviewer@example.com');
    const { uuid } = await merchantOfPage(page, product.baseUrl);
    const queue = (await (await page.request.get(`${product.baseUrl}/api/v1/ops/review-queue?category=ADDENDUM`, { headers: reviewer })).json()) as { documents: Array<{ uuid: string; merchant: { uuid: string } }> };
    const queued = queue.documents.find((item) => item.merchant.uuid === uuid);
    expect(queued).toBeDefined();
    const approved = await page.request.post(`${product.baseUrl}/api/v1/ops/addenda/${queued!.uuid}/review`, { headers: reviewer, data: { status: 'Approved' } });
    expect(approved.status()).toBe(200);
    await expect.poll(() => page.getByText(/^Settlements are on hold until .+ IST because your bank details changed\.$/).isVisible()).toBe(true);
    await expect.poll(() => addendum.count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}/bank-update-done.png`, fullPage: true });
    await expectAccessible(page, 'bank-update-done');
    await page.context().close();
  });
});
