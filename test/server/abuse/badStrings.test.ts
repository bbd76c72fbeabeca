import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { call, signInWithOtp, storedState, testApp, type TestApp } from '../testApp';

let t: TestApp;
let token: string;
let uuid: string;
let accountId: string;

const INVALID = [message('validation.invalidCharacters')];
const PAN = 'AAACN4521K';

/**
 * Strings PostgreSQL cannot store, as JSON escapes written into the raw request text (a client's JSON encoder would
 * send the same): NUL, and UTF-16 surrogates without their other half.
 */
const UNSTORABLE = {
  nul: '\\u0000',
  'NUL inside text': 'Asha\\u0000Verma',
  'a lone high surrogate': '\\ud800',
  'a lone low surrogate': '\\udc00',
  'a high surrogate at the end': 'Asha \\ud83d',
  'a surrogate pair the wrong way round': '\\ude00\\ud83d',
  'a high surrogate before a letter': '\\ud83dA',
};

/** Sends a raw JSON text (not re-encoded, so escapes reach the server's parser as written). */
function rawCall(as: string | null, method: 'POST' | 'PUT', url: string, json: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(as ? { authorization: `Bearer ${as}` } : {}) },
    payload: json,
  });
}

/** Calls whose JSON body holds one string `value` (a JSON string's inside), and the field path it must be refused on. */
const CALLS: Array<{ name: string; field: string; send(value: string): Promise<LightMyRequestResponse> }> = [
  { name: 'send_otp (no session)', field: 'identity', send: (v) => rawCall(null, 'POST', '/api/v1/user/send_otp', `{"identity":"${v}"}`) },
  { name: 'login (no session)', field: 'password', send: (v) => rawCall(null, 'POST', '/api/v1/user/login', `{"identity":"bad.strings@example.com","password":"${v}"}`) },
  {
    name: 'PUT merchants/{id} (PAN step)',
    field: 'merchant.dob',
    send: (v) => rawCall(token, 'PUT', `/api/v1/merchants/${uuid}`, `{"merchant":{"pancard_number":"ABCPE1234F","business_entity_id":1,"dob":"${v}"}}`),
  },
  {
    name: 'PUT merchants/{id} (business owners, nested in an array)',
    field: 'merchant.ultimate_beneficiaries.1.name',
    send: (v) =>
      rawCall(
        token,
        'PUT',
        `/api/v1/merchants/${uuid}`,
        `{"merchant":{"business_category_id":1,"business_sub_category_id":101,"monthly_expected_volume":"10001-30000","ultimate_beneficiaries":[{"name":"Asha","pancard_number":"ABCPE1234F"},{"name":"${v}","pancard_number":"BCDPR2345G"}]}}`,
      ),
  },
  {
    name: 'POST bank_details',
    field: 'bank_detail.holder_name',
    send: (v) => rawCall(token, 'POST', `/api/v1/merchants/${uuid}/bank_details`, `{"bank_detail":{"holder_name":"${v}","bank_account_number":"50100234567890","ifsc_code":"HDFC0000001"}}`),
  },
  {
    name: 'PUT addresses (payload names)',
    field: 'Registered.city',
    send: (v) =>
      rawCall(token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, `{"Registered":{"address_line":"12, MG Road","city":"${v}","pincode":"560001","state":"Karnataka"}}`),
  },
  {
    name: 'PUT accounts/{id} (signatory in an array)',
    field: 'account.signatory_contact_details_attributes.0.name',
    send: (v) =>
      rawCall(token, 'PUT', `/api/v1/accounts/${accountId}`, `{"merchant_uuid":"${uuid}","account":{"signatory_contact_details_attributes":[{"name":"${v}","email":"asha@example.com"}]}}`),
  },
  {
    name: 'DVS shop lookup',
    field: 'reg_no',
    send: (v) => rawCall(token, 'POST', `/api/v1/dvs_wrapper/${uuid}/shop_details`, `{"reg_no":"${v}","area_code":"MH"}`),
  },
];

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'bad.strings@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
  accountId = (await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } })).json().merchant.account_uuid;
});
afterAll(() => t.close());

describe('NUL and lone surrogates in a request', () => {
  const cases = CALLS.flatMap((target) => Object.entries(UNSTORABLE).map(([what, value]) => ({ ...target, what, value })));

  it.each(cases)('$name: refuses $what with 422 on $field, storing nothing', async ({ field, send, value }) => {
    const before = await storedState(t, uuid);
    const response = await send(value);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [field]: INVALID } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it.each([
    ['NUL', '\\u0000'],
    ['a lone surrogate', '\\ud800'],
  ])('refuses %s in a key, naming the key with U+FFFD in its place', async (_what, escape) => {
    const response = await rawCall(token, 'PUT', `/api/v1/merchants/${uuid}`, `{"merchant":{"pancard_${escape}number":"ABCPE1234F"}}`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'merchant.pancard_\ufffdnumber': INVALID } });
  });

  it('names every refused field at once', async () => {
    const response = await rawCall(
      token,
      'PUT',
      `/api/v1/merchants/${uuid}/addresses`,
      '{"Registered":{"address_line":"12\\u0000","city":"\\ud800","pincode":"560001","state":"Karnataka"},"Operating":["\\udfff"]}',
    );
    expect(response.json()).toEqual({ errors: { 'Registered.address_line': INVALID, 'Registered.city': INVALID, 'Operating.0': INVALID } });
  });

  it('refuses them in a query string too (the sandbox inbox reads its recipient in SQL)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/sandbox/messages?recipient=a%00b' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { recipient: INVALID } });
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/inbox?recipient=%00' })).statusCode).toBe(422);
  });

  it('lets a surrogate pair (an emoji) through to the field rules', async () => {
    const response = await rawCall(token, 'POST', `/api/v1/merchants/${uuid}/bank_details`, '{"bank_detail":{"holder_name":"Asha \\ud83d\\ude00"}}');
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).not.toContain(INVALID[0]);
  });
});
