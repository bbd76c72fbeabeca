import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { build } from '../../server/app';
import { manualClock } from '../../server/jobs/clock';
import { SANDBOX_PENNY_ACCOUNTS, SLOW_IMPS_SECONDS } from '../../server/providers/sandboxPenny';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import type { MerchantRecord } from '../../server/merchants/store';
import { companyBankForm, call, patchRecord, signInWithOtp, testApp, type TestApp } from './testApp';

const PENNY = { impsSeconds: 2, neftStepSeconds: 60 };
const clock = manualClock();
const seconds = (n: number) => clock.advance(n * 1000);

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock, config: { penny: PENNY } });
});
afterAll(() => t.close());

const company = companyBankForm;

interface Merchant {
  token: string;
  uuid: string;
  email: string;
}

let merchants = 0;
/** A new merchant with PAN verified, ready for the bank form. */
async function newMerchant(target: TestApp = t): Promise<Merchant> {
  const email = `penny.${++merchants}.${Date.now()}@example.com`;
  const token = await signInWithOtp(target, email);
  const uuid = (await call(target, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(target, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  expect(pan.json().merchant.pan_verification_status).toBe('verified');
  return { token, uuid, email };
}

const submitBank = (m: Merchant, account = '50100123456789', target: TestApp = t) =>
  call(target, m.token, 'POST', `/api/v1/merchants/${m.uuid}/bank_details`, { bank_detail: company(account) });
const verify = (m: Merchant, amount: unknown, token = m.token) => call(t, token, 'POST', `/api/v1/merchants/${m.uuid}/verify_penny`, { penny_amount: amount });

async function recordOf(m: Merchant, target: TestApp = t): Promise<MerchantRecord> {
  const [row] = await target.db.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1', [m.uuid]);
  return row!.record;
}
const bankOf = async (m: Merchant, target: TestApp = t) => (await recordOf(m, target)).bank_detail as Record<string, unknown>;
const pennyOf = async (m: Merchant, target: TestApp = t) => {
  const bank = await bankOf(m, target);
  return [bank.penny_deposit_method, bank.penny_deposit_status, bank.bank_verification_status];
};
async function depositOf(m: Merchant, target: TestApp = t) {
  const [row] = await target.db.query<{ amount_paise: number; status: string }>('select amount_paise, status from penny_deposits where merchant_uuid = $1', [m.uuid]);
  return row;
}
const jobsOf = (m: Merchant, target: TestApp = t) =>
  target.db.query<{ state: string; attempts: number }>(`select state, attempts from jobs where payload->>'merchant_uuid' = $1`, [m.uuid]);
const amountOf = async (m: Merchant) => ((await depositOf(m))!.amount_paise / 100).toFixed(2);
const wrongAmountOf = async (m: Merchant) => ((await depositOf(m))!.amount_paise === 100 ? '2.00' : '1.00');
const statementLines = (m: Merchant) => t.db.query<{ subject: string; body: string }>('select subject, body from sandbox_messages where recipient = $1 and subject like $2', [m.email, 'Bank statement%']);

/** A merchant whose IMPS test deposit has landed. */
async function merchantWithDeposit(): Promise<Merchant> {
  const m = await newMerchant();
  expect((await submitBank(m)).statusCode).toBe(200);
  await t.app.jobs.runDue();
  seconds(PENNY.impsSeconds);
  await t.app.jobs.runDue();
  expect(await pennyOf(m)).toEqual(['IMPS', 'SUCCESS', 'pending']);
  return m;
}

describe('the test deposit (penny test) job', () => {
  it('starts when the bank form is submitted, and an IMPS deposit lands: SUCCESS, with a statement line in the sandbox inbox', async () => {
    const m = await newMerchant();
    expect((await submitBank(m)).statusCode).toBe(200);
    expect(await pennyOf(m)).toEqual(['IMPS', 'NOT_INITIATED', 'pending']);
    expect(await jobsOf(m)).toEqual([{ state: 'queued', attempts: 0 }]);

    expect(await t.app.jobs.runDue()).toBe(1);
    expect(await pennyOf(m)).toEqual(['IMPS', 'NOT_INITIATED', 'pending']);
    expect(await t.app.jobs.runDue()).toBe(0);
    seconds(PENNY.impsSeconds);
    expect(await t.app.jobs.runDue()).toBe(1);

    expect(await pennyOf(m)).toEqual(['IMPS', 'SUCCESS', 'pending']);
    expect(await jobsOf(m)).toEqual([{ state: 'done', attempts: 0 }]);
    const deposit = await depositOf(m);
    expect(deposit!.amount_paise).toBeGreaterThanOrEqual(100);
    expect(deposit!.amount_paise).toBeLessThanOrEqual(500);
    const lines = await statementLines(m);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.body).toContain(`INR ${(deposit!.amount_paise / 100).toFixed(2)}`);
    expect(lines[0]!.body).toContain('XX6789');
    // The amount never reaches the browser.
    const answer = await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`);
    expect(answer.body).not.toMatch(/amount/i);
    expect(stepFlagsOf(await recordOf(m), 'bank-details').reason).toBe('onboarding.reason.pennyAmount');
  });

  it('fails an IMPS deposit to the sandbox failure account: bank verification failed, no statement line', async () => {
    const m = await newMerchant();
    await submitBank(m, SANDBOX_PENNY_ACCOUNTS.impsFailed);
    await t.app.jobs.runDue();
    seconds(PENNY.impsSeconds);
    await t.app.jobs.runDue();
    expect(await pennyOf(m)).toEqual(['IMPS', 'FAILED', 'failed']);
    expect(await statementLines(m)).toEqual([]);
    expect(stepFlagsOf(await recordOf(m), 'bank-details')).toMatchObject({ error: true, reason: 'onboarding.reason.bankFailed' });
    expect((await verify(m, '1')).json().error).toBe(message('penny.notReady'));
  });

  it('keeps the slow IMPS waiting past 30 seconds, then lands', async () => {
    const m = await newMerchant();
    await submitBank(m, SANDBOX_PENNY_ACCOUNTS.impsSlow);
    await t.app.jobs.runDue();
    seconds(30);
    await t.app.jobs.runDue();
    expect(await pennyOf(m)).toEqual(['IMPS', 'NOT_INITIATED', 'pending']);
    seconds(SLOW_IMPS_SECONDS - 30);
    await t.app.jobs.runDue();
    expect(await pennyOf(m)).toEqual(['IMPS', 'SUCCESS', 'pending']);
  });

  it('moves a NEFT deposit through NOT_INITIATED, PENDING and SENT_TO_BANK to SUCCESS as the clock moves', async () => {
    const m = await newMerchant();
    await submitBank(m, SANDBOX_PENNY_ACCOUNTS.neft);
    await t.app.jobs.runDue();
    const seen = [await pennyOf(m)];
    for (let step = 0; step < 3; step++) {
      seconds(PENNY.neftStepSeconds - 1);
      expect(await t.app.jobs.runDue()).toBe(0);
      seconds(1);
      expect(await t.app.jobs.runDue()).toBe(1);
      seen.push(await pennyOf(m));
    }
    expect(seen).toEqual([
      ['NEFT', 'NOT_INITIATED', 'pending'],
      ['NEFT', 'PENDING', 'pending'],
      ['NEFT', 'SENT_TO_BANK', 'pending'],
      ['NEFT', 'SUCCESS', 'pending'],
    ]);
    const events = await t.db.query<{ detail: { penny_deposit_status: string } }>(`select detail from merchant_events where merchant_uuid = $1 and kind = 'penny.status' order by id`, [m.uuid]);
    expect(events.map((event) => event.detail.penny_deposit_status)).toEqual(['NOT_INITIATED', 'PENDING', 'SENT_TO_BANK', 'SUCCESS']);
  });

  it('keeps the details as sent while their deposit is under way, and takes corrected ones after a failed deposit', async () => {
    const m = await newMerchant();
    await submitBank(m, SANDBOX_PENNY_ACCOUNTS.neft);
    const refused = await submitBank(m);
    expect(refused.statusCode).toBe(409);
    expect(await jobsOf(m)).toHaveLength(1);

    const failing = await newMerchant();
    await submitBank(failing, SANDBOX_PENNY_ACCOUNTS.impsFailed);
    await t.app.jobs.runDue();
    seconds(PENNY.impsSeconds);
    await t.app.jobs.runDue();
    expect(stepFlagsOf(await recordOf(failing), 'bank-details').editable).toBe(true);
    expect((await submitBank(failing)).statusCode).toBe(200);
    expect((await jobsOf(failing)).map((job) => job.state).sort()).toEqual(['done', 'queued']);
    expect(await pennyOf(failing)).toEqual(['IMPS', 'NOT_INITIATED', 'pending']);
  });

  it('makes no deposit when the onboarding config does not require penny verification, and says why', async () => {
    const m = await newMerchant();
    await patchRecord(t, m.uuid, {
      attached_configs: [{ name: 'onboarding_config', active: true, config: { bank_verification: { penny_verification_required: false } } }],
    });
    const answer = await submitBank(m);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().merchant.bank_detail).toMatchObject({ penny_deposit_status: null, penny_deposit_method: null, penny_attempt_left: null });
    expect(await jobsOf(m)).toEqual([]);
    expect(stepFlagsOf(await recordOf(m), 'bank-details').reason).toBe('penny.reason.skipped');
  });
});

describe('a restart', () => {
  it('resumes a NEFT deposit of a closed server on the next one, and a job whose runner died mid-run after its lease', async () => {
    const first = await testApp({ clock, config: { penny: PENNY } });
    const m = await newMerchant(first);
    await submitBank(m, SANDBOX_PENNY_ACCOUNTS.neft, first);
    await first.app.jobs.runDue();
    seconds(PENNY.neftStepSeconds);
    await first.app.jobs.runDue();
    expect(await pennyOf(m, first)).toEqual(['NEFT', 'PENDING', 'pending']);
    await first.app.close();

    seconds(PENNY.neftStepSeconds);
    const second = await build({ db: first.db, clock, appDir: '/nonexistent/', config: { logLevel: 'silent', jobPollMs: 0, penny: PENNY } });
    await second.ready();
    await second.jobs.runDue();
    expect(await pennyOf(m, first)).toEqual(['NEFT', 'SENT_TO_BANK', 'pending']);

    // The process running it dies: the job stays claimed until its lease has passed, then another runner takes it.
    seconds(PENNY.neftStepSeconds);
    await first.db.query(`update jobs set state = 'running', locked_until = $2, lease = gen_random_uuid() where payload->>'merchant_uuid' = $1`, [
      m.uuid,
      new Date(clock.now().getTime() + 60_000),
    ]);
    expect(await second.jobs.runDue()).toBe(0);
    seconds(60);
    expect(await second.jobs.runDue()).toBe(1);
    expect(await pennyOf(m, first)).toEqual(['NEFT', 'SUCCESS', 'pending']);
    await second.close();
    await first.db.close();
  });
});

describe('POST /api/v1/merchants/{id}/verify_penny', () => {
  it('refuses an amount before the deposit has landed, counting nothing', async () => {
    const m = await newMerchant();
    await submitBank(m);
    const answer = await verify(m, '1.00');
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe(message('penny.notReady'));
    expect((await bankOf(m)).penny_attempt_left).toBe(3);
  });

  it.each([
    ['an empty amount', ''],
    ['no amount', undefined],
    ['three decimals', '1.234'],
    ['letters', 'one'],
    ['a number, not text', 1],
    ['a rupee sign alone', '₹'],
    ['a decimal comma', '2,38'],
  ])('refuses %s with Incorrect amount, counting nothing', async (_case, amount) => {
    const m = await merchantWithDeposit();
    const answer = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/verify_penny`, amount === undefined ? {} : { penny_amount: amount });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { penny_amount: [message('validation.pennyAmount')] } });
    expect((await bankOf(m)).penny_attempt_left).toBe(3);
  });

  it('counts wrong amounts down with the spec texts, then verifies the right one', async () => {
    const m = await merchantWithDeposit();
    const first = await verify(m, await wrongAmountOf(m));
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ attempts_left: 2, error: '2 attempts remaining!', messages: ['2 attempts remaining!'] });
    const second = await verify(m, await wrongAmountOf(m));
    expect(second.json()).toMatchObject({ attempts_left: 1, messages: ['Last attempt remaining!', message('penny.lastAttemptWarning')] });

    const right = await verify(m, await amountOf(m));
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ bank_verified: true, merchant: { bank_detail: { bank_verification_status: 'verified', penny_attempt_left: 1 } } });
    expect(stepFlagsOf(await recordOf(m), 'bank-details').completed).toBe(true);
    expect((await verify(m, await amountOf(m))).json().error).toBe(message('penny.alreadyVerified'));
  });

  it('accepts the amount as typed without trailing zeros', async () => {
    const m = await merchantWithDeposit();
    const typed = String(Number(await amountOf(m)));
    expect((await verify(m, typed)).statusCode).toBe(200);
  });

  it('takes an amount typed with a rupee mark, spaces or a trailing /- as the form does: a wrong one counts, the right one verifies', async () => {
    const m = await merchantWithDeposit();
    const wrong = await verify(m, `Rs. ${await wrongAmountOf(m)}/-`);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ attempts_left: 2 });
    const right = await verify(m, `₹ ${await amountOf(m)}`);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ bank_verified: true });
  });

  it.each([' INR 2.38 ', '2.38 rupees', 'rs.2.38/-'])('verifies the right amount typed as %s (for a deposit of 2.38)', async (typed) => {
    const m = await merchantWithDeposit();
    const amount = await amountOf(m);
    const answer = await verify(m, typed.replace('2.38', amount));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ bank_verified: true });
  });

  it('exhausts the attempts on the third wrong amount, then refuses even the right one', async () => {
    const m = await merchantWithDeposit();
    await verify(m, await wrongAmountOf(m));
    await verify(m, await wrongAmountOf(m));
    const last = await verify(m, await wrongAmountOf(m));
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({ attempts_left: 0, messages: ['You have exhausted your attempts', 'Your bank account is not verified'] });
    expect((await bankOf(m)).bank_verification_status).toBe('attempts_exhausted');
    expect(stepFlagsOf(await recordOf(m), 'bank-details').reason).toBe('onboarding.reason.bankAttemptsExhausted');

    const after = await verify(m, await amountOf(m));
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ attempts_left: 0, error: 'You have exhausted your attempts' });
    expect((await bankOf(m)).bank_verification_status).toBe('attempts_exhausted');
  });

  it('counts exactly 3 of 10 concurrent wrong amounts and refuses the other 7', async () => {
    const m = await merchantWithDeposit();
    const wrong = await wrongAmountOf(m);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(m, wrong)));
    const counted = answers.filter((answer) => answer.statusCode === 422);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(counted.map((answer) => answer.json().attempts_left).sort()).toEqual([0, 1, 2]);
    expect(refused).toHaveLength(7);
    expect(await bankOf(m)).toMatchObject({ penny_attempt_left: 0, bank_verification_status: 'attempts_exhausted' });
    const events = await t.db.query(`select id from merchant_events where merchant_uuid = $1 and kind = 'penny.wrongAmount'`, [m.uuid]);
    expect(events).toHaveLength(3);
  });

  it('verifies once under a burst of right amounts', async () => {
    const m = await merchantWithDeposit();
    const right = await amountOf(m);
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(m, right)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(5);
    const events = await t.db.query(`select id from merchant_events where merchant_uuid = $1 and kind = 'penny.verified'`, [m.uuid]);
    expect(events).toHaveLength(1);
  });

  it("answers another user's merchant with 404 and a caller without the profile-edit permission with 403, counting nothing", async () => {
    const m = await merchantWithDeposit();
    const stranger = await newMerchant();
    expect((await verify(m, await wrongAmountOf(m), stranger.token)).statusCode).toBe(404);
    expect((await verify(m, await wrongAmountOf(m), 'not-a-token')).statusCode).toBe(401);
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [m.uuid]);
    expect((await verify(m, await wrongAmountOf(m))).statusCode).toBe(403);
    expect((await bankOf(m)).penny_attempt_left).toBe(3);
  });
});
