import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { manualClock } from '../../server/jobs/clock';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import type { MerchantRecord } from '../../server/merchants/store';
import { PROFILE_CHANNEL, parseProfileEvent, type ProfileMessage } from '../../server/penny/profileEvents';
import { SANDBOX_OTHER_PAYER, SANDBOX_UPI_IFSC, sandboxUpiAccount } from '../../server/routes/sandboxUpi';
import { UPI_SIGNATURE_HEADER, upiSignature } from '../../server/routes/upiVerifications';
import { PENNY_DEPOSIT_JOB } from '../../server/penny/pennyDeposits';
import { UPI_REQUESTS_PER_HOUR } from '../../server/upi/upiVerifications';
import { VERIFIED_BANK_DETAIL, call, patchRecord, signInWithOtp, testApp, type TestApp } from './testApp';

const SECRET = 'upi-webhook-secret-for-tests-0123456789';
const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock, config: { upiWebhookSecret: SECRET } });
});
afterAll(() => t.close());

interface Merchant {
  token: string;
  uuid: string;
  email: string;
}

let merchants = 0;
/** A new Private Limited company with its PAN verified, ready for the bank form. */
async function newMerchant(): Promise<Merchant> {
  const email = `upi.${++merchants}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  expect(pan.json().merchant.pan_verification_status).toBe('verified');
  return { token, uuid, email };
}

async function recordOf(m: Merchant): Promise<MerchantRecord> {
  const [row] = await t.db.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1', [m.uuid]);
  return row!.record;
}

const requestUpi = (m: Merchant, token = m.token) => call(t, token, 'POST', `/api/v1/merchants/${m.uuid}/bank_details/upi_verifications`, {});
const readUpi = (m: Merchant, reference: string, token = m.token) => call(t, token, 'GET', `/api/v1/merchants/${m.uuid}/bank_details/upi_verifications/${reference}`);
const rowOf = async (reference: string) =>
  (await t.db.query<{ status: string; refunded_at: Date | null }>('select status, refunded_at from upi_bank_verifications where uuid = $1', [reference]))[0];

/** Sends the payment service's webhook, signed with `secret` (or unsigned with null). */
function webhook(body: unknown, secret: string | null = SECRET) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/upi_payments',
    headers: { 'content-type': 'application/json', ...(secret ? { [UPI_SIGNATURE_HEADER]: upiSignature(raw, secret) } : {}) },
    payload: raw,
  });
}
const payment = (reference: string, name: string, account = '50100987654321') => ({ reference, amount_paise: 100, payer: { account_number: account, ifsc: SANDBOX_UPI_IFSC, name } });

/** The bank form of the company as the page fills it: its PAN name held, account and IFSC as given. */
async function bankForm(m: Merchant, account: string, ifsc = SANDBOX_UPI_IFSC) {
  const panName = (await recordOf(m)).pancard_name as string;
  return { business_registered: true, business_entity_id: 6, business_name: 'Nimbus Stores', pancard_name: panName, pancard_number: 'AAACN4521K', holder_name: panName, bank_account_number: account, ifsc_code: ifsc };
}
const submitBank = async (m: Merchant, account: string, ifsc?: string) => call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/bank_details`, { bank_detail: await bankForm(m, account, ifsc) });

describe('POST /api/v1/merchants/{id}/bank_details/upi_verifications', () => {
  it('creates a waiting ₹1.00 request with a link to the sandbox UPI app, lasting 15 minutes', async () => {
    const m = await newMerchant();
    const response = await requestUpi(m);
    expect(response.statusCode).toBe(201);
    const { upi_verification: upi } = response.json();
    expect(upi).toEqual({ uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'WAITING', upi_link: `/sandbox/upi/${upi.uuid}`, amount: '1.00', expires_at: new Date(clock.now().getTime() + 15 * 60_000).toISOString() });
    expect((await readUpi(m, upi.uuid)).json()).toEqual({ upi_verification: upi });
  });

  it('takes a call without a body', async () => {
    const m = await newMerchant();
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/bank_details/upi_verifications`, headers: { authorization: `Bearer ${m.token}` } });
    expect(response.statusCode).toBe(201);
  });

  it("answers another user's merchant, and its requests, with 404", async () => {
    const owner = await newMerchant();
    const stranger = await newMerchant();
    const created = (await requestUpi(owner)).json().upi_verification;
    expect((await requestUpi(owner, stranger.token)).statusCode).toBe(404);
    expect((await readUpi(owner, created.uuid, stranger.token)).statusCode).toBe(404);
    // A request of one merchant is not found through another.
    expect((await readUpi(stranger, created.uuid, stranger.token)).statusCode).toBe(404);
  });

  it('is locked until the PAN is verified, as the bank form is', async () => {
    const token = await signInWithOtp(t, `upi.nopan.${Date.now()}@example.com`);
    const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
    const response = await call(t, token, 'POST', `/api/v1/merchants/${uuid}/bank_details/upi_verifications`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(message('error.stepLocked'));
  });

  it('is refused once the bank account is verified', async () => {
    const m = await newMerchant();
    await patchRecord(t, m.uuid, { bank_detail: VERIFIED_BANK_DETAIL });
    const response = await requestUpi(m);
    expect(response.statusCode).toBe(409);
    expect(await t.db.query('select 1 from upi_bank_verifications where merchant_uuid = $1', [m.uuid])).toEqual([]);
  });

  it(`lets ${UPI_REQUESTS_PER_HOUR} of a burst of 10 through in an hour, then again an hour later`, async () => {
    const m = await newMerchant();
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestUpi(m)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(UPI_REQUESTS_PER_HOUR).fill(201), ...Array(10 - UPI_REQUESTS_PER_HOUR).fill(422)]);
    expect(answers.find((answer) => answer.statusCode === 422)!.json().error).toBe(message('upi.tooMany', { count: UPI_REQUESTS_PER_HOUR }));
    expect(await t.db.query('select 1 from upi_bank_verifications where merchant_uuid = $1', [m.uuid])).toHaveLength(UPI_REQUESTS_PER_HOUR);
    clock.advance(61 * 60_000);
    expect((await requestUpi(m)).statusCode).toBe(201);
  });
});

describe('the payment (webhook POST /api/v1/webhooks/upi_payments)', () => {
  it('settles a request paid from the expected holder: PAID, the payer shown, the live channel told, the ₹1 refunded once', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    const messages: ProfileMessage[] = [];
    const stop = await t.db.listen(PROFILE_CHANNEL, (payload) => {
      const event = parseProfileEvent(payload);
      if (event?.merchant_uuid === m.uuid) messages.push(event.message);
    });
    // "M/s." and a different case are the same name.
    const paid = await webhook(payment(reference, `M/s. ${((await recordOf(m)).pancard_name as string).toLowerCase()}`));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().upi_verification).toEqual({ uuid: reference, status: 'PAID', settled: true });
    await expect.poll(() => messages).toContainEqual({ upi_verification: { uuid: reference, status: 'PAID' } });
    await stop();

    const view = (await readUpi(m, reference)).json().upi_verification;
    expect(view.status).toBe('PAID');
    expect(view.payer).toEqual({ bank_account_number: '50100987654321', ifsc_code: SANDBOX_UPI_IFSC, holder_name: expect.stringMatching(/^M\/s\. /), bank_name: 'Abhyudaya Co-operative Bank' });

    // Replayed: nothing changes.
    const replay = await webhook(payment(reference, 'SOMEONE ELSE'));
    expect(replay.statusCode).toBe(200);
    expect(replay.json().upi_verification).toEqual({ uuid: reference, status: 'PAID', settled: false });

    expect((await rowOf(reference))!.refunded_at).toBeNull();
    await t.app.jobs.runDue();
    expect((await rowOf(reference))!.refunded_at).not.toBeNull();
    const refunds = await t.db.query<{ body: string }>('select body from sandbox_messages where recipient = $1 and subject = $2', [m.email, message('upi.refund.subject', { reference })]);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toContain('INR 1.00');
  });

  it('refuses an unsigned or badly signed call with 401, settling nothing', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    const name = (await recordOf(m)).pancard_name as string;
    expect((await webhook(payment(reference, name), null)).statusCode).toBe(401);
    expect((await webhook(payment(reference, name), 'another-secret-of-at-least-32-chars')).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/upi_payments',
      headers: { 'content-type': 'application/json', [UPI_SIGNATURE_HEADER]: upiSignature(JSON.stringify(payment(reference, 'X')), SECRET) },
      payload: JSON.stringify(payment(reference, name)),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error).toBe(message('upi.signatureInvalid'));
    expect((await rowOf(reference))!.status).toBe('WAITING');
  });

  it('settles nothing for another amount, and answers 404 for an unknown reference', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    const name = (await recordOf(m)).pancard_name as string;
    expect((await webhook({ ...payment(reference, name), amount_paise: 1 })).json().upi_verification.settled).toBe(false);
    expect((await rowOf(reference))!.status).toBe('WAITING');
    expect((await webhook(payment('00000000-0000-4000-8000-000000000000', name))).statusCode).toBe(404);
  });

  it("marks a payment from an account in another name NAME_MISMATCH, answering that name and the expected one, not the account", async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    await webhook(payment(reference, 'RAVI KUMAR'));
    const view = (await readUpi(m, reference)).json().upi_verification;
    expect(view.status).toBe('NAME_MISMATCH');
    expect(view.payer).toEqual({ holder_name: 'RAVI KUMAR' });
    expect(view.expected_name).toBe((await recordOf(m)).pancard_name);
    expect(JSON.stringify(view)).not.toContain('50100987654321');
  });

  it('does not settle an expired request', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    clock.advance(15 * 60_000);
    expect((await readUpi(m, reference)).json().upi_verification.status).toBe('EXPIRED');
    const late = await webhook(payment(reference, (await recordOf(m)).pancard_name as string));
    expect(late.json().upi_verification).toEqual({ uuid: reference, status: 'EXPIRED', settled: false });
    expect((await rowOf(reference))!.status).toBe('WAITING');
  });
});

describe('the sandbox UPI app (/sandbox/upi/{reference})', () => {
  it('shows the request and pays it from the expected holder’s deterministic account', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    const name = (await recordOf(m)).pancard_name as string;
    const shown = await t.app.inject({ method: 'GET', url: `/sandbox/upi/${reference}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="en">');
    expect(shown.body).toContain('Sandbox UPI app');
    expect(shown.body).toContain(`Pay ₹1.00 from ${name}&#39;s account`);
    expect(shown.body).toContain('Pay from an account in another name');

    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/upi/${reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'payer=expected' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Paid. Return to the app.');
    const view = (await readUpi(m, reference)).json().upi_verification;
    expect(view.payer).toMatchObject({ bank_account_number: sandboxUpiAccount(reference), ifsc_code: SANDBOX_UPI_IFSC, holder_name: name });
    expect(sandboxUpiAccount(reference)).toMatch(/^5010[0-9]{10}$/);
  });

  it('pays from an account in another name: NAME_MISMATCH', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification;
    await t.app.inject({ method: 'POST', url: `/sandbox/upi/${reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'payer=other' });
    expect((await readUpi(m, reference)).json().upi_verification).toMatchObject({ status: 'NAME_MISMATCH', payer: { holder_name: SANDBOX_OTHER_PAYER } });
  });
});

describe('the bank form after a UPI payment', () => {
  /** A merchant with a request paid from the expected holder's account (by the sandbox UPI app). */
  async function paidMerchant() {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification as { uuid: string };
    await t.app.inject({ method: 'POST', url: `/sandbox/upi/${reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'payer=expected' });
    return { m, reference, account: sandboxUpiAccount(reference) };
  }
  const pennyJobsOf = (m: Merchant) => t.db.query(`select 1 from jobs where kind = $1 and payload->>'merchant_uuid' = $2`, [PENNY_DEPOSIT_JOB, m.uuid]);

  it('stores the paid account verified at once: no test deposit, the request USED, the step completed', async () => {
    const { m, reference, account } = await paidMerchant();
    const response = await submitBank(m, account);
    expect(response.statusCode).toBe(200);
    expect(response.json().bank_detail).toMatchObject({
      bank_account_number: account,
      ifsc_code: SANDBOX_UPI_IFSC,
      bank_verification_status: 'verified',
      verification_method: 'upi_payment',
      penny_deposit_status: null,
      penny_deposit_method: null,
      penny_attempt_left: null,
    });
    expect((await rowOf(reference))!.status).toBe('USED');
    expect(await pennyJobsOf(m)).toEqual([]);
    expect(stepFlagsOf(await recordOf(m), 'bank-details').completed).toBe(true);
    // Used once: another request cannot be made, the account is verified.
    expect((await requestUpi(m)).statusCode).toBe(409);
  });

  it('runs the ordinary test deposit when the account number was changed', async () => {
    const { m, reference } = await paidMerchant();
    const response = await submitBank(m, '50100123456789');
    expect(response.statusCode).toBe(200);
    expect(response.json().bank_detail).toMatchObject({ bank_verification_status: 'pending', penny_deposit_status: 'NOT_INITIATED', penny_attempt_left: 3 });
    expect(response.json().bank_detail.verification_method).toBeUndefined();
    expect((await rowOf(reference))!.status).toBe('PAID');
    expect(await pennyJobsOf(m)).toHaveLength(1);
  });

  it('runs the ordinary test deposit for a payment in another name', async () => {
    const m = await newMerchant();
    const { uuid: reference } = (await requestUpi(m)).json().upi_verification as { uuid: string };
    await t.app.inject({ method: 'POST', url: `/sandbox/upi/${reference}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'payer=other' });
    const response = await submitBank(m, sandboxUpiAccount(reference));
    expect(response.json().bank_detail.bank_verification_status).toBe('pending');
    expect((await rowOf(reference))!.status).toBe('NAME_MISMATCH');
  });

  it('runs the ordinary test deposit when the payment is older than 24 hours', async () => {
    const { m, reference, account } = await paidMerchant();
    clock.advance(24 * 3600_000 + 1000);
    const response = await submitBank(m, account);
    expect(response.json().bank_detail.bank_verification_status).toBe('pending');
    expect((await rowOf(reference))!.status).toBe('PAID');
  });
});
