import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { call, signInWithOtp, testApp, type TestApp, storedState as storedStateOf } from './testApp';

let t: TestApp;
let token: string;
let uuid: string;

const REGISTERED = { address_line: '12, MG Road (2nd floor)', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const OPERATING = { address_line: "Plot 4/B, Shop No. 7; Lokhandwala Complex - Andheri", city: 'Mumbai', pincode: '400053', state: 'Maharashtra' };

const storedState = () => storedStateOf(t, uuid);
const putAddresses = (merchant: Record<string, unknown>, as = token) => call(t, as, 'PUT', `/api/v1/merchants/${uuid}`, { merchant });

/** A Private Limited merchant with a verified PAN, its account and (unless told otherwise) a complete signing authority. */
async function merchantReadyForKyc(identity: string, withSignatory = true): Promise<{ token: string; uuid: string }> {
  const owner = await signInWithOtp(t, identity);
  const id = (await call(t, owner, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, owner, 'PUT', `/api/v1/merchants/${id}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  const account = pan.json().merchant.account_uuid as string;
  if (withSignatory) {
    const signatory = { name: 'Asha Verma', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
    const saved = await call(t, owner, 'PUT', `/api/v1/accounts/${account}`, { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: id });
    if (saved.statusCode !== 200) throw new Error(`signatory ${saved.statusCode}: ${saved.body}`);
  }
  return { token: owner, uuid: id };
}

beforeAll(async () => {
  t = await testApp();
  ({ token, uuid } = await merchantReadyForKyc('address.owner@example.com'));
});
afterAll(() => t.close());

const blank = ['This field cannot be left blank'];
const with_ = (address: Record<string, unknown>, patch: Record<string, unknown>) => JSON.parse(JSON.stringify({ ...address, ...patch }));

describe('PUT /api/v1/merchants/{uuid} with the KYC addresses', () => {
  const addressRefusals: Array<[string, Record<string, unknown>, string[]]> = [
    ['a missing address line', { address_line: undefined }, blank],
    ['an empty address line', { address_line: '' }, blank],
    ['an address line under 3 characters', { address_line: 'A1' }, ['Business Address should not be less than 3 characters']],
    ['an address line starting with a symbol', { address_line: '#12 MG Road' }, ['Please enter valid Address']],
    ['an address line with a character outside the list', { address_line: '12 MG Road, Bangalore!' }, ['Please enter valid Address']],
    ['an address line over 100 characters', { address_line: 'A'.repeat(101) }, ['Must be 100 characters or less']],
    ['a missing pincode', { pincode: undefined }, blank],
    ['a pincode starting with 0', { pincode: '056001' }, ['Invalid Pincode']],
    ['a 5-digit pincode', { pincode: '56001' }, ['Invalid Pincode']],
    ['a pincode with letters', { pincode: '56A001' }, ['Invalid Pincode']],
    ['a 5-digit pincode and no city or state yet (one message, not three)', { pincode: '56001', city: undefined, state: undefined }, ['Invalid Pincode']],
    ['no pincode, city or state (one message, not three)', { pincode: undefined, city: undefined, state: undefined }, blank],
    ['a missing city', { city: undefined }, blank],
    ['an empty city', { city: '' }, blank],
    ['a city over 100 characters', { city: 'B'.repeat(101) }, ['Must be 100 characters or less']],
    ['a missing state', { state: undefined }, blank],
    ['an empty state', { state: '' }, blank],
    ['a state over 100 characters', { state: 'K'.repeat(101) }, ['Must be 100 characters or less']],
  ];
  const field = (patch: Record<string, unknown>) => Object.keys(patch)[0]!;

  it.each(addressRefusals)('refuses a registration address with %s, storing nothing', async (_case, patch, messages) => {
    const before = await storedState();
    const response = await putAddresses({ registration_address: with_(REGISTERED, patch), operating_address: OPERATING });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [`registration_address.${field(patch)}`]: messages } });
    expect(await storedState()).toEqual(before);
  });

  it.each(addressRefusals)('refuses an operating address with %s, storing nothing', async (_case, patch, messages) => {
    const before = await storedState();
    const response = await putAddresses({ registration_address: REGISTERED, operating_address: with_(OPERATING, patch) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { [`operating_address.${field(patch)}`]: messages } });
    expect(await storedState()).toEqual(before);
  });

  const otherRefusals: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['no operating address without "same as registration"', { registration_address: REGISTERED }, { operating_address: blank }],
    ['no operating address with "same as registration" false', { registration_address: REGISTERED, same_as_registration: false }, { operating_address: blank }],
    ['a "same as registration" that is not a boolean', { registration_address: REGISTERED, same_as_registration: 'yes' }, { same_as_registration: ['This value is not accepted'], operating_address: blank }],
    ['an address field the step does not have', { registration_address: { ...REGISTERED, landmark: 'Near park' }, operating_address: OPERATING }, { 'registration_address.landmark': ['This value is not accepted'] }],
    ['a field the step does not have', { registration_address: REGISTERED, operating_address: OPERATING, country: 'India' }, { country: ['This value is not accepted'] }],
  ];
  it.each(otherRefusals)('refuses %s, storing nothing', async (_case, merchant, errors) => {
    const before = await storedState();
    const response = await putAddresses(merchant);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it('stores both addresses', async () => {
    const response = await putAddresses({ registration_address: REGISTERED, operating_address: OPERATING });
    expect(response.statusCode).toBe(200);
    const merchant = response.json().merchant;
    expect(merchant).toMatchObject({ registration_address: REGISTERED, operating_address: OPERATING });
    expect((await storedState()).record).toEqual(merchant);
    expect(stepFlagsOf(merchant, 'additional-documents').hidden).toBe(false);
  });

  it('honours "same as registration": the registration address is stored as the operating one, whatever was sent', async () => {
    const response = await putAddresses({ registration_address: REGISTERED, same_as_registration: true, operating_address: OPERATING });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant).toMatchObject({ registration_address: REGISTERED, operating_address: REGISTERED });
    const withoutOperating = await putAddresses({ registration_address: OPERATING, same_as_registration: true });
    expect(withoutOperating.json().merchant).toMatchObject({ registration_address: OPERATING, operating_address: OPERATING });
  });

  it('is locked (409) until the signing authority is complete', async () => {
    const other = await merchantReadyForKyc('address.early@example.com', false);
    const response = await call(t, other.token, 'PUT', `/api/v1/merchants/${other.uuid}`, { merchant: { registration_address: REGISTERED, same_as_registration: true } });
    expect(response.statusCode).toBe(409);
    const viaPayload = await call(t, other.token, 'PUT', `/api/v1/merchants/${other.uuid}/addresses`, { Registered: REGISTERED, Operating: OPERATING });
    expect(viaPayload.statusCode).toBe(409);
  });

  it('refuses a member without a profile-editing permission (403), and another user as if the merchant were unknown (404)', async () => {
    const before = await storedState();
    const stranger = await signInWithOtp(t, 'address.stranger@example.com');
    expect((await putAddresses({ registration_address: REGISTERED, operating_address: OPERATING }, stranger)).statusCode).toBe(404);
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    expect((await putAddresses({ registration_address: REGISTERED, operating_address: OPERATING })).statusCode).toBe(403);
    expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, { Registered: REGISTERED, Operating: OPERATING })).statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
    expect(await storedState()).toEqual(before);
  });
});

describe('PUT /api/v1/merchants/{uuid}/addresses (Registered and Operating)', () => {
  it('refuses an invalid address with the errors under the payload names, storing nothing', async () => {
    const before = await storedState();
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, { Registered: { ...REGISTERED, pincode: '012345' }, Operating: { ...OPERATING, city: '' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'Registered.pincode': ['Invalid Pincode'], 'Operating.city': blank } });
    expect(await storedState()).toEqual(before);
  });

  it('stores Registered as registration_address and Operating as operating_address', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, { Registered: OPERATING, Operating: REGISTERED });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant).toMatchObject({ registration_address: OPERATING, operating_address: REGISTERED });
  });
});

describe('GET /api/v1/pincode_details/{pin}', () => {
  it.each([
    ['560001', 'Bangalore', 'Karnataka'],
    ['400053', 'Mumbai', 'Maharashtra'],
    ['500001', 'Hyderabad', 'Telangana'],
  ])('gives the city and state of %s from India Post data', async (pin, city, state) => {
    const response = await call(t, token, 'GET', `/api/v1/pincode_details/${pin}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().pincode_detail).toMatchObject({ city, state });
  });

  it('answers 404 for a pincode with no post office and 422 for a malformed one', async () => {
    expect((await call(t, token, 'GET', '/api/v1/pincode_details/999999')).statusCode).toBe(404);
    const malformed = await call(t, token, 'GET', '/api/v1/pincode_details/012345');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ errors: { pincode: ['Invalid Pincode'] } });
  });

  it('needs a session', async () => {
    expect((await call(t, null, 'GET', '/api/v1/pincode_details/560001')).statusCode).toBe(401);
  });
});
