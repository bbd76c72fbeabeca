import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { manualClock } from '../../server/jobs/clock';
import { issueAlternativeToken } from '../../server/merchants/bankUpdate';
import { call, latestOtp, patchRecord, signInStaff, signInWithOtp, testApp, VERIFIED_BANK_DETAIL, type TestApp } from './testApp';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock, config: { bankUpdate: { attempts: 3, gapHours: 24, settlementHoldHours: 24 } } });
});
afterAll(() => t.close());

const verifiedBank = VERIFIED_BANK_DETAIL;
const newDetails = (account: string) => ({ holder_name: 'Nimbus Stores', bank_account_number: account, ifsc_code: 'sbin0000300' });

let count = 0;
async function merchantWithVerifiedBank() {
  const email = `update.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  await patchRecord(t, uuid, { bank_detail: verifiedBank, business_name: 'Nimbus Stores' });
  const [user] = await t.db.query<{ id: string }>('select id from users where email = $1', [email]);
  return { email, token, uuid, userId: user!.id };
}
type Merchant = Awaited<ReturnType<typeof merchantWithVerifiedBank>>;

/** Asks for an OTP, reads it from the sandbox inbox and verifies it: the alternative token. */
async function alternativeToken(m: Merchant, scope = 'update_bank_details'): Promise<string> {
  const sent = await call(t, m.token, 'POST', '/api/v1/otps', { otp: { scope, merchant_uuid: m.uuid, channels: ['email', 'sms'], type: 'SignIn' } });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestOtp(t.db, m.email);
  const verified = await call(t, m.token, 'POST', '/api/v1/otps/verify', { otp: { code, scope, merchant_uuid: m.uuid } });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().alternative_token as string;
}

const update = (m: Merchant, details: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${m.uuid}/bank_details`,
    headers: { authorization: `Bearer ${m.token}`, ...(token ? { 'alternative-token': token } : {}) },
    payload: { bank_detail: details },
  });
const hours = (n: number) => clock.advance(n * 3600 * 1000);

describe('bank update (OTP, alternative token, attempts and gap)', () => {
  it('changes verified details with the token of a verified OTP: an addendum; once accepted and approved, pending again with settlements on hold', async () => {
    const m = await merchantWithVerifiedBank();
    expect((await update(m, newDetails('50100999999999'))).statusCode).toBe(409);
    const token = await alternativeToken(m);
    const answer = await update(m, newDetails('5010 0999 9999 99'), token);
    expect(answer.statusCode, answer.body).toBe(200);
    const { merchant, timing, addendum } = answer.json();
    // The verified account stays until the addendum is approved.
    expect(merchant.bank_detail).toMatchObject({ ...verifiedBank, addendum_status: 'pending' });
    expect(addendum).toMatchObject({ source: 'bank', status: 'pending', new_data: { bank_account_number: '50100999999999', ifsc_code: 'SBIN0000300' } });
    expect(timing.updateAttemptsLeft).toBe(2);
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_addendum`, { source: 'bank' })).statusCode).toBe(200);
    const reviewer = await signInStaff(t, 'ops_reviewer');
    const approved = await call(t, reviewer, 'POST', `/api/v1/ops/addenda/${addendum.id}/review`, { status: 'Approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const changed = approved.json().merchant;
    expect(changed.bank_detail).toMatchObject({ bank_account_number: '50100999999999', ifsc_code: 'SBIN0000300', bank_verification_status: 'pending', addendum_status: null, id: 2 });
    expect(new Date(changed.settlement_hold_until).getTime() - clock.now().getTime()).toBe(24 * 3600 * 1000);
    // The token was used: not twice.
    expect((await update(m, newDetails('50100888888888'), token)).json()).toEqual({ error: message('bankUpdate.tokenInvalid'), code: 'OTP_TOKEN_INVALID' });
    const timingNow = await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/bank_update_timing`);
    expect(timingNow.json()).toMatchObject({ updateAttemptsLeft: 2 });
  });

  it('refuses the same details as saved without using the token, and a token of another scope', async () => {
    const m = await merchantWithVerifiedBank();
    const token = await alternativeToken(m);
    const same = await update(m, { holder_name: 'Nimbus Stores', bank_account_number: '50100123456789', ifsc_code: 'HDFC0000001' }, token);
    expect(same.json()).toEqual({ errors: { bank_detail: ['Old and new bank details are same'] } });
    const websiteToken = await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_website_details', clock.now());
    expect((await update(m, newDetails('50100777777777'), websiteToken)).statusCode).toBe(403);
    expect((await update(m, newDetails('50100777777777'), token)).statusCode).toBe(200);
  });

  it('keeps the gap between updates, then stops at the cap', async () => {
    const m = await merchantWithVerifiedBank();
    expect((await update(m, newDetails('50100000000001'), await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now()))).statusCode).toBe(200);
    hours(1);
    const early = await update(m, newDetails('50100000000002'), await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now()));
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.bank_details[0]).toBe('Please maintain a period of 24 hours between successive updates');
    expect(early.json().errors.bank_details[1]).toMatch(/^Come back after .+ IST and try again$/);
    hours(23);
    expect((await update(m, newDetails('50100000000002'), await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now()))).statusCode).toBe(200);
    hours(24);
    expect((await update(m, newDetails('50100000000003'), await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now()))).statusCode).toBe(200);
    hours(24);
    const over = await update(m, newDetails('50100000000004'), await issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now()));
    expect(over.json()).toEqual({ errors: { bank_details: ['You have exhausted your limits of updates.'] } });
  });

  it('counts concurrent updates atomically: one passes the gap, the rest are refused', async () => {
    const m = await merchantWithVerifiedBank();
    const tokens = await Promise.all(Array.from({ length: 6 }, () => issueAlternativeToken(t.db, m.userId, m.uuid, 'update_bank_details', clock.now())));
    const answers = await Promise.all(tokens.map((token, index) => update(m, newDetails(`5010011111111${index}`), token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    const [limits] = await t.db.query<{ attempts_left: number }>('select attempts_left from bank_update_limits where merchant_uuid = $1', [m.uuid]);
    expect(limits!.attempts_left).toBe(2);
  });

  it('refuses an OTP or a change for a merchant that is not the caller’s', async () => {
    const m = await merchantWithVerifiedBank();
    const other = await merchantWithVerifiedBank();
    expect((await call(t, other.token, 'POST', '/api/v1/otps', { otp: { scope: 'update_bank_details', merchant_uuid: m.uuid } })).statusCode).toBe(404);
    const otherToken = await issueAlternativeToken(t.db, other.userId, other.uuid, 'update_bank_details', clock.now());
    expect((await update({ ...other, uuid: m.uuid }, newDetails('50100222222222'), otherToken)).statusCode).toBe(404);
    expect((await update(m, newDetails('50100222222222'), otherToken)).statusCode).toBe(403);
  });
});
