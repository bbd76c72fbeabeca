import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { issueAlternativeToken } from '../../server/merchants/bankUpdate';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { call, latestOtp, signInStaff, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
/** A merchant whose PAN is verified (the website step is locked until then). */
async function merchantWithPan() {
  const email = `website.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  expect(pan.statusCode, pan.body).toBe(200);
  return { email, token, uuid };
}
type Merchant = Awaited<ReturnType<typeof merchantWithPan>>;

/** Asks for the website OTP, reads it from the sandbox inbox and verifies it: the alternative token. */
async function websiteToken(m: Merchant): Promise<string> {
  const sent = await call(t, m.token, 'POST', '/api/v1/otps', { otp: { scope: 'update_website_details', merchant_uuid: m.uuid, channels: ['email', 'sms'], type: 'SignIn' } });
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await call(t, m.token, 'POST', '/api/v1/otps/verify', { otp: { code: await latestOtp(t.db, m.email), scope: 'update_website_details', merchant_uuid: m.uuid } });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().alternative_token as string;
}

const send = (m: Merchant, detail: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${m.uuid}/website_details`,
    headers: { authorization: `Bearer ${m.token}`, ...(token ? { 'alternative-token': token } : {}) },
    payload: { website_detail: detail },
  });
const SITE = { integration_type: 'THIRD_PARTY', website_url: 'https://www.sharmastores.in', android_url: 'https://play.google.com/store/apps/details?id=in.sharmastores' };
const domainStatus = (m: Merchant, websiteUuid: string, status: unknown) => call(t, m.token, 'PUT', `/api/v1/website_details/${websiteUuid}/domain_status`, { domain_status_by_merchant: status });

describe('POST /api/v1/otps for the website', () => {
  it('answers the channels it used, which the dialog names: only the e-mail for a user without a mobile', async () => {
    const m = await merchantWithPan();
    const sent = await call(t, m.token, 'POST', '/api/v1/otps', { otp: { scope: 'update_website_details', merchant_uuid: m.uuid, channels: ['email', 'sms'], type: 'SignIn' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ channels: ['email'] });
  });
});

describe('POST /api/v1/merchants/{id}/website_details', () => {
  it('stores a website sent with a verified OTP: liveliness checked, review pending, the step in review; the token is used once', async () => {
    const m = await merchantWithPan();
    const token = await websiteToken(m);
    const answer = await send(m, SITE, token);
    expect(answer.statusCode, answer.body).toBe(200);
    const { website_detail: detail, merchant } = answer.json();
    expect(detail).toMatchObject({ website_url: SITE.website_url, android_url: SITE.android_url, ios_url: null, website_approval_status: 'Pending', liveliness_status: 'live', domain_status_by_merchant: null, comments: [] });
    expect(merchant.integration_type).toBe('THIRD_PARTY');
    expect(merchant.website_detail).toEqual(detail);
    // In review: neither completed nor to do.
    expect(stepFlagsOf(merchant, 'website-details')).toMatchObject({ completed: false, incomplete: false, todo: false });
    expect((await send(m, SITE, token)).json()).toEqual({ error: message('bankUpdate.tokenInvalid'), code: 'OTP_TOKEN_INVALID' });
  });

  it('lets one token through once when sends race with it', async () => {
    const m = await merchantWithPan();
    const token = await websiteToken(m);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(m, SITE, token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403, 403, 403, 403, 403]);
  });

  it('needs the OTP for addresses, not for payment links and tools', async () => {
    const m = await merchantWithPan();
    const before = await storedState(t, m.uuid);
    expect((await send(m, SITE)).statusCode).toBe(403);
    expect((await send(m, SITE, 'not-a-token')).statusCode).toBe(403);
    expect(await storedState(t, m.uuid)).toEqual(before);
    const tools = await send(m, { integration_type: 'TOOLS' });
    expect(tools.statusCode, tools.body).toBe(200);
    expect(tools.json().merchant).toMatchObject({ integration_type: 'TOOLS', website_detail: { website_url: null, website_approval_status: null, liveliness_status: null } });
  });

  it('refuses bad addresses with the catalogue\'s words under each field, before any OTP is used', async () => {
    const m = await merchantWithPan();
    const token = await websiteToken(m);
    const before = await storedState(t, m.uuid);
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ integration_type: 'THIRD_PARTY' }, { website_url: ['This field cannot be left blank'] }],
      [{ integration_type: 'THIRD_PARTY', website_url: 'sharmastores' }, { website_url: ['Entered URL is invalid'] }],
      [{ integration_type: 'THIRD_PARTY', website_url: 'https://sharmastores.in@evil.example' }, { website_url: ['Entered URL is invalid'] }],
      [{ integration_type: 'THIRD_PARTY', website_url: 'https://user:secret@sharmastores.in' }, { website_url: ['Entered URL is invalid'] }],
      [{ integration_type: 'THIRD_PARTY', website_url: 'javascript:alert(1)//sharmastores.in' }, { website_url: ['Entered URL is invalid'] }],
      [{ integration_type: 'THIRD_PARTY', website_url: 'https://sharmastores.in', ios_url: 'app store link' }, { ios_url: ['Entered URL is invalid'] }],
      [{}, { integration_type: ['This field cannot be left blank'] }],
    ];
    for (const [detail, errors] of cases) {
      const answer = await send(m, detail, token);
      expect(answer.statusCode, JSON.stringify(detail)).toBe(422);
      expect(answer.json().errors, JSON.stringify(detail)).toMatchObject(errors);
    }
    expect((await send(m, { integration_type: 'TOOLS', website_url: 'https://sharmastores.in' })).statusCode).toBe(422);
    expect((await send(m, { integration_type: 'NOT_SELECTED' })).statusCode).toBe(422);
    expect(await storedState(t, m.uuid)).toEqual(before);
    // The token was not used by the refusals.
    expect((await send(m, SITE, token)).statusCode).toBe(200);
  });

  it('takes an address typed without its scheme as https:// (the form shows it so while typing)', async () => {
    const m = await merchantWithPan();
    const token = await websiteToken(m);
    const answer = await send(m, { integration_type: 'THIRD_PARTY', website_url: 'sharmastores.in' }, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().merchant.website_detail.website_url).toBe('https://sharmastores.in');
  });

  it('is locked until the PAN is verified, and refused without the permission to edit the profile', async () => {
    const email = `website.locked.${Date.now()}@example.com`;
    const token = await signInWithOtp(t, email);
    const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
    const m = { email, token, uuid };
    expect((await send(m, { integration_type: 'TOOLS' })).statusCode).toBe(409);
    const withPan = await merchantWithPan();
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [withPan.uuid]);
    expect((await send(withPan, { integration_type: 'TOOLS' })).statusCode).toBe(403);
  });

  it('tells the sandbox\'s test domains apart: not live, under construction', async () => {
    const m = await merchantWithPan();
    const notLive = await send(m, { integration_type: 'THIRD_PARTY', website_url: 'https://notlive.example.com' }, await websiteToken(m));
    expect(notLive.json().website_detail.liveliness_status).toBe('not_live');
    const other = await merchantWithPan();
    const building = await send(other, { integration_type: 'THIRD_PARTY', website_url: 'https://construction.example.com/shop' }, await websiteToken(other));
    expect(building.json().website_detail.liveliness_status).toBe('under_construction');
  });
});

describe('PUT /api/v1/website_details/{uuid}/domain_status', () => {
  it('records the merchant\'s answer after the check, by the website\'s uuid, for its own merchant only', async () => {
    const m = await merchantWithPan();
    const { website_detail: detail } = (await send(m, SITE, await websiteToken(m))).json();
    const stranger = await merchantWithPan();
    expect((await domainStatus(stranger, detail.uuid, 'active')).statusCode).toBe(404);
    expect((await domainStatus(m, detail.uuid, 'maybe')).statusCode).toBe(422);
    for (const bad of ['not-a-uuid', `${detail.uuid}0`, '00000000-0000-0000-0000-000000000000']) expect((await domainStatus(m, bad, 'active')).statusCode).toBe(404);
    const answer = await domainStatus(m, detail.uuid, 'inactive');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().merchant.website_detail).toMatchObject({ uuid: detail.uuid, domain_status_by_merchant: 'inactive' });
  });

  it('is refused before a check was made (payment links and tools)', async () => {
    const m = await merchantWithPan();
    const { website_detail: detail } = (await send(m, { integration_type: 'TOOLS' })).json();
    const answer = await domainStatus(m, detail.uuid, 'active');
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { domain_status_by_merchant: [message('website.domainStatus.notChecked')] } });
  });
});

describe('the website review and its comment thread', () => {
  it('lists a website sent for review in the queue; a reviewer disapproves it with a comment, the merchant replies, then it is approved', async () => {
    const m = await merchantWithPan();
    const { website_detail: detail } = (await send(m, SITE, await websiteToken(m))).json();
    const reviewer = await signInStaff(t, 'ops_reviewer');
    const viewer = await signInStaff(t, 'ops_viewer');
    const listed = (await call(t, reviewer, 'GET', '/api/v1/ops/review-queue?category=WEBSITE')).json().documents as Array<{ kind: string; uuid: string }>;
    expect(listed.find((item) => item.uuid === m.uuid)).toMatchObject({ kind: 'website' });
    // Opened, the item comes whole, with the addresses to check.
    const queue = (await call(t, reviewer, 'GET', `/api/v1/ops/review-queue?category=WEBSITE&merchant=${m.uuid}`)).json().documents as Array<{ kind: string; uuid: string; merchant: { website_url: string } }>;
    expect(queue.find((item) => item.uuid === m.uuid)).toMatchObject({ kind: 'website', merchant: { website_url: SITE.website_url } });

    const review = (token: string, body: unknown) => call(t, token, 'POST', `/api/v1/ops/websites/${m.uuid}/review`, body);
    expect((await review(m.token, { status: 'Website OK' })).statusCode).toBe(403);
    expect((await review(viewer, { status: 'Website OK' })).statusCode).toBe(403);
    expect((await review(reviewer, { status: 'Looks fine' })).statusCode).toBe(422);
    const disapproved = await review(reviewer, { status: 'Website Not live', comment: 'The checkout page does not load.' });
    expect(disapproved.statusCode, disapproved.body).toBe(200);
    expect(disapproved.json().merchant.website_detail).toMatchObject({ website_approval_status: 'Website Not live', comments: [{ id: 1, commenter: 'reviewer', comment: 'The checkout page does not load.' }] });
    // Reviewed: no longer in the queue, and not reviewed again until it is sent again.
    expect((await review(reviewer, { status: 'Website OK' })).statusCode).toBe(404);

    const comment = (token: string, text: string, uuid = detail.uuid) => call(t, token, 'POST', `/api/v1/website_details/${uuid}/comments`, { comment: { comment: text } });
    const replied = await comment(m.token, '  It loads now, please check again.  ');
    expect(replied.json()).toMatchObject({ message: 'Thanks for the reply. We will get back to you.', website_detail: { comments: [{ id: 1 }, { id: 2, commenter: 'merchant', comment: 'It loads now, please check again.' }] } });
    expect((await comment(m.token, '   ')).statusCode).toBe(422);
    const stranger = await merchantWithPan();
    expect((await comment(stranger.token, 'Hello')).statusCode).toBe(404);
    expect((await comment(m.token, 'Hello', 'not-a-uuid')).statusCode).toBe(404);

    // Sent again (a token as a verified OTP gives it: the OTP resend interval is real time), reviewed again: approved.
    const [user] = await t.db.query<{ id: string }>('select id from users where email = $1', [m.email]);
    expect((await send(m, SITE, await issueAlternativeToken(t.db, user!.id, m.uuid, 'update_website_details', new Date()))).statusCode).toBe(200);
    const approved = await review(reviewer, { status: 'Website OK' });
    expect(approved.json().merchant.website_detail.website_approval_status).toBe('Website OK');
    expect(stepFlagsOf(approved.json().merchant, 'website-details')).toMatchObject({ completed: true });
  });

  it('holds at most 50 comments, however many replies arrive at once', async () => {
    const m = await merchantWithPan();
    const { website_detail: detail } = (await send(m, { integration_type: 'TOOLS' })).json();
    const answers = await Promise.all(Array.from({ length: 55 }, (_, index) => call(t, m.token, 'POST', `/api/v1/website_details/${detail.uuid}/comments`, { comment: { comment: `Reply ${index}` } })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(50);
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(5);
    const record = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant;
    expect(record.website_detail.comments).toHaveLength(50);
  });
});
