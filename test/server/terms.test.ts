import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { permissionUuid, call, latestOtp, patchRecord, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const MONEY_HOST = 'money.localhost';
const NOW_HOST = 'now.localhost';

let count = 0;
/** Signs in by OTP through `host` (the app's host: the product it was opened for); returns the bearer token. */
async function signInOn(host: string, email: string, source?: string) {
  const headers = { host, ...(source ? { source } : {}) };
  await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', headers, payload: { identity: email } });
  const otp = await latestOtp(t.db, email);
  const verified = await t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', headers, payload: { identity: email, otp } });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json<{ access_token: string }>().access_token;
}
/** A new merchant signed up on the business gateway's host (the default host). */
async function owner() {
  const token = await signInWithOtp(t, `terms.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  return { token, uuid };
}
type Owner = Awaited<ReturnType<typeof owner>>;
/** PUT update_merchant_product as the app opened on `host` sends it. */
const accept = (token: string | null, uuid: string, host: string, body: unknown = { product: host === NOW_HOST ? 'PayUnow' : 'PayUmoney', terms_accepted: true }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/merchants/${uuid}/update_merchant_product`,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as Record<string, unknown>,
  });
const acceptances = (o: Owner) => t.db.query<{ from_product: string; product: string; terms_url: string }>('select from_product, product, terms_url from terms_acceptances where merchant_uuid = $1', [o.uuid]);

describe('signing up on a product host', () => {
  it('makes the new merchant on the product of the host, with the app source as its business origin', async () => {
    const token = await signInOn(NOW_HOST, `terms.now.${Date.now()}@example.com`, 'AndroidApp');
    const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
    expect((await storedState(t, uuid)).record).toMatchObject({ product: 'PayUnow', business_origin: 'AndroidApp' });
  });

  it('makes a business gateway merchant on any other host', async () => {
    const o = await owner();
    expect((await storedState(t, o.uuid)).record).toMatchObject({ product: 'PayUbiz', business_origin: 'NA' });
  });
});

describe('PUT /api/v1/merchants/{uuid}/update_merchant_product (the terms of another product)', () => {
  it('moves the account to the host product once its terms are accepted, and keeps the record of consent', async () => {
    const o = await owner();
    const moved = await accept(o.token, o.uuid, MONEY_HOST);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ product: 'PayUmoney', merchant: { product: 'PayUmoney' } });
    expect((await storedState(t, o.uuid)).record!.product).toBe('PayUmoney');
    expect(await acceptances(o)).toEqual([{ from_product: 'PayUbiz', product: 'PayUmoney', terms_url: expect.stringMatching(/^https:\/\/.+\/tnc$/) }]);

    // Accepted once: the terms check fails now, so a second acceptance is refused and changes nothing.
    const again = await accept(o.token, o.uuid, MONEY_HOST);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: message('server.terms.notRequired'), code: 'TERMS_NOT_REQUIRED' });
    expect(await acceptances(o)).toHaveLength(1);
  });

  it('refuses terms of a product other than the host one, and on the merchant own product', async () => {
    const o = await owner();
    const before = await storedState(t, o.uuid);
    const other = await accept(o.token, o.uuid, MONEY_HOST, { product: 'PayUnow', terms_accepted: true });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: message('server.terms.otherProduct'), code: 'TERMS_OTHER_PRODUCT' });
    // On the business gateway's own host, there are no terms to accept.
    const own = await accept(o.token, o.uuid, 'localhost', { product: 'PayUbiz', terms_accepted: true });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('TERMS_NOT_REQUIRED');
    expect(await storedState(t, o.uuid)).toEqual(before);
    expect(await acceptances(o)).toEqual([]);
  });

  it('refuses a merchant set up by a partner: it keeps its product', async () => {
    const o = await owner();
    await patchRecord(t, o.uuid, { business_origin: 'partner' });
    const refused = await accept(o.token, o.uuid, NOW_HOST);
    expect(refused.statusCode).toBe(409);
    expect((await storedState(t, o.uuid)).record!.product).toBe('PayUbiz');
  });

  it.each([
    ['terms not accepted', { product: 'PayUmoney', terms_accepted: false }, { terms_accepted: ['Tick the box to accept the terms and conditions, then try again'] }],
    ['no acceptance at all', { product: 'PayUmoney' }, { terms_accepted: [message('validation.required')] }],
    ['an unknown product', { product: 'PayUcredit', terms_accepted: true }, null],
    ['an extra field', { product: 'PayUmoney', terms_accepted: true, merchant_type: 'aggregator' }, null],
  ])('refuses a body with %s (422), changing nothing', async (_case, body, errors) => {
    const o = await owner();
    const before = await storedState(t, o.uuid);
    const refused = await accept(o.token, o.uuid, MONEY_HOST, body);
    expect(refused.statusCode, refused.body).toBe(422);
    if (errors) expect(refused.json().errors).toEqual(errors);
    expect(await storedState(t, o.uuid)).toEqual(before);
  });

  it('refuses no session (401), another merchant (404) and a member without update_user_profile (403)', async () => {
    const o = await owner();
    const stranger = await owner();
    const before = await storedState(t, o.uuid);
    expect((await accept(null, o.uuid, MONEY_HOST)).statusCode).toBe(401);
    expect((await accept(stranger.token, o.uuid, MONEY_HOST)).statusCode).toBe(404);

    const role = (await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name: `Viewer ${++count}`, acl_permission_uuids: [permissionUuid('user_profile'), permissionUuid('update_profile_restricted')] } })).json().acl_role;
    const email = `terms.viewer.${count}.${Date.now()}@example.com`;
    expect((await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Asha Rao' })).statusCode).toBe(201);
    const viewer = await signInWithOtp(t, email);
    expect((await accept(viewer, o.uuid, MONEY_HOST)).statusCode).toBe(403);
    expect(await storedState(t, o.uuid)).toEqual(before);
  });

  it('moves the account once under a burst of 5 acceptances', async () => {
    const o = await owner();
    const answers = await Promise.all(Array.from({ length: 5 }, () => accept(o.token, o.uuid, MONEY_HOST)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await acceptances(o)).toHaveLength(1);
  });
});
