import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../../../schemas/ajv';
import { message } from '../../../../schemas/messages';
import { bodyKindFor, bodyKindsOf } from '../../../../server/merchants/updates/bodyKinds';
import { STEP_UPDATES } from '../../../../server/merchants/updates';
import { displayNameUpdate } from '../../../../server/merchants/updates/displayName';
import { bodyMatches, describeKeySet, keySetOf, keySetsOverlap } from '../../../../server/merchants/updates/keySets';
import { call, signInWithOtp, storedState, testApp, type TestApp } from '../../testApp';

const ajv = createAjv();
const kinds = bodyKindsOf(ajv, STEP_UPDATES);
const kindOf = (body: Record<string, unknown>) => {
  const found = bodyKindFor(kinds, body);
  return found?.exact ? found.kind.update.name : null;
};

describe('keySetOf()', () => {
  it('takes the required keys, the properties and those a branch adds, never $context', () => {
    const set = keySetOf({
      type: 'object',
      required: ['a', '$context'],
      properties: { $context: {}, a: {}, b: {} },
      if: { properties: { a: { const: 1 } } },
      then: { required: ['c'], properties: { c: {} } },
      allOf: [{ properties: { d: {} } }],
    });
    expect(set).toEqual({ required: ['a'], optional: ['b', 'c', 'd'] });
    expect(describeKeySet(set)).toBe('{a, b?, c?, d?}');
  });
});

describe('bodyMatches() and keySetsOverlap()', () => {
  const pan = { required: ['pancard_number', 'business_entity_id'], optional: ['dob'] };
  const entityAlone = { required: ['business_entity_id'], optional: [] };
  it('matches a body holding every required key and nothing unnamed', () => {
    expect(bodyMatches(['pancard_number', 'business_entity_id'], pan)).toBe(true);
    expect(bodyMatches(['pancard_number', 'business_entity_id', 'dob'], pan)).toBe(true);
    expect(bodyMatches(['business_entity_id'], pan)).toBe(false);
    expect(bodyMatches(['pancard_number', 'business_entity_id', 'gst_number'], pan)).toBe(false);
  });
  it('tells kinds apart whose bodies differ by a required key, even when one set holds the other (the spec\'s {business_entity_id} alone)', () => {
    expect(keySetsOverlap(pan, entityAlone)).toBe(false);
    expect(keySetsOverlap(pan, { required: ['business_entity_id'], optional: ['pancard_number'] })).toBe(true);
  });
});

describe('the kinds of PUT /merchants/{uuid} body', () => {
  it('no two of which admit the same body', () => {
    expect(() => bodyKindsOf(ajv, [...STEP_UPDATES, { ...displayNameUpdate, name: 'display_name again' }])).toThrow(/overlap: no body may be of two kinds/);
  });

  // The bodies of the onboarding spec's API paragraph (PUT merchants/{uuid} with merchant …) that the product serves.
  it.each([
    ['pan-details', { pancard_number: 'ABCPK1234F', business_entity_id: 1, dob: '1990-01-31' }],
    ['pan-details', { pancard_number: 'AABCN4521K', business_entity_id: 5 }],
    ['business-details', { business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000', business_name: 'N', gst_number: null, area_code: null, shop_number: null }],
    ['business-details', { business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' }],
    ['kyc', { registration_address: {}, operating_address: {} }],
    ['display_name', { display_name: 'Kiran Kirana' }],
  ])('takes the body of %s by its exact keys', (name, body) => {
    expect(kindOf(body)).toBe(name);
  });

  it.each([[{}], [{ nominee: 'x' }], [{ display_name: 'Kiran', pancard_number: 'ABCPK1234F', business_entity_id: 1 }], [{ business_sub_category_id: 101 }]])(
    'takes no kind for %j',
    (body) => {
      expect(kindOf(body)).toBeNull();
    },
  );
});

describe('PUT /api/v1/merchants/{uuid} with a body of no kind', () => {
  let t: TestApp;
  let token: string;
  let uuid: string;
  beforeAll(async () => {
    t = await testApp();
    token = await signInWithOtp(t, 'body.kinds@example.com');
    uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
  });
  afterAll(() => t.close());

  it('is refused with 422 naming what was sent and the kinds there are, storing nothing', async () => {
    const before = await storedState(t, uuid);
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { nominee: 'Asha' } });
    expect(response.statusCode).toBe(422);
    const kindsText = kinds.map((kind) => describeKeySet(kind.keys)).join('; ');
    expect(response.json().errors).toEqual({ merchant: [message('merchantUpdate.noKind', { sent: '{nominee}', kinds: kindsText })] });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it('mixing two kinds is refused field by field as the closer one, storing nothing', async () => {
    const before = await storedState(t, uuid);
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'ABCPK1234F', business_entity_id: 1, dob: '1990-01-31', display_name: 'Kiran' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['display_name']);
    expect(await storedState(t, uuid)).toEqual(before);
  });
});
