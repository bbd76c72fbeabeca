import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { call, storedState, testApp, type TestApp } from '../testApp';
import { kycReadyMerchant } from './kycReadyMerchant';

let t: TestApp;
let token: string;
let uuid: string;

const ADDRESS = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const NOT_ACCEPTED = [message('validation.unexpected')];
/** Names every plain object inherits: an error map keyed by a field of one of these names must still be a plain list. */
const OBJECT_MEMBER_NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];

beforeAll(async () => {
  t = await testApp();
  ({ token, uuid } = await kycReadyMerchant(t, 'error.maps@example.com'));
});
afterAll(() => t.close());

const putAddresses = (payload: unknown) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, payload);
const putMerchant = (merchant: unknown) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant });

describe('a body field named like an Object member', () => {
  it.each(OBJECT_MEMBER_NAMES)('PUT addresses: "%s" at the top is refused as not expected, under its own name', async (name) => {
    const before = await storedState(t, uuid);
    const response = await putAddresses({ Registered: ADDRESS, Operating: ADDRESS, [name]: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [name]: NOT_ACCEPTED } });
    expect(response.body).toContain(`"${name}":`);
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it.each(OBJECT_MEMBER_NAMES)('PUT addresses: "%s" inside an address is refused under its path', async (name) => {
    const response = await putAddresses({ Registered: { ...ADDRESS, [name]: 'x' }, Operating: ADDRESS });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [`Registered.${name}`]: NOT_ACCEPTED } });
  });

  it.each(OBJECT_MEMBER_NAMES)('PUT merchants/{id}: "%s" beside the addresses is refused under its own name', async (name) => {
    const before = await storedState(t, uuid);
    const response = await putMerchant({ registration_address: ADDRESS, operating_address: ADDRESS, [name]: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [name]: NOT_ACCEPTED } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it('refuses __proto__ and constructor.prototype at the JSON parser (400), changing no object and storing nothing', async () => {
    const before = await storedState(t, uuid);
    for (const json of [
      `{"Registered":${JSON.stringify(ADDRESS)},"__proto__":{"polluted":true}}`,
      `{"Registered":{"__proto__":{"polluted":true}}}`,
      `{"Registered":${JSON.stringify(ADDRESS)},"constructor":{"prototype":{"polluted":true}}}`,
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/merchants/${uuid}/addresses`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: json,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storedState(t, uuid)).toEqual(before);
  });
});
