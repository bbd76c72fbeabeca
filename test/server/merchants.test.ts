import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInWithOtp, testApp, type TestApp, storedState as storedStateOf } from './testApp';

let t: TestApp;
let token: string;
let uuid: string;

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'pan.owner@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());

const putPan = (merchant: Record<string, unknown>, as = token, id = uuid) => call(t, as, 'PUT', `/api/v1/merchants/${id}`, { merchant });
const storedState = () => storedStateOf(t, uuid);

describe('GET /api/v1/merchants/{id}', () => {
  it('reads a merchant by uuid and by mid', async () => {
    const byUuid = (await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant;
    const byMid = (await call(t, token, 'GET', `/api/v1/merchants/${byUuid.mid}`)).json().merchant;
    expect(byMid.uuid).toBe(uuid);
  });

  it("answers another user's merchant with 404, like an unknown one", async () => {
    const other = await signInWithOtp(t, 'someone.else@example.com');
    expect((await call(t, other, 'GET', `/api/v1/merchants/${uuid}`)).statusCode).toBe(404);
    expect((await putPan({ pancard_number: 'ABCPE1234F', business_entity_id: 3 }, other)).statusCode).toBe(404);
    expect((await call(t, token, 'GET', '/api/v1/merchants/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });
});

describe('PUT /api/v1/merchants/{uuid} with PAN details', () => {
  const refusals: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['a malformed PAN', { pancard_number: 'ABC123', business_entity_id: 3 }, { pancard_number: ['PAN Number is invalid'] }],
    ['an 11-character PAN', { pancard_number: 'ABCPE1234FF', business_entity_id: 3 }, { pancard_number: ['PAN Number is invalid'] }],
    ['no business entity', { pancard_number: 'ABCPE1234F' }, { business_entity_id: ['This field cannot be left blank'] }],
    ['an Individual without a date of birth', { pancard_number: 'ABCPE1234F', business_entity_id: 1 }, { dob: ['This field cannot be left blank'] }],
    ['a date of birth that is not a date', { pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '31-12-1990' }, { dob: ['Enter a valid date'] }],
    ['a date of birth for a non-Individual', { pancard_number: 'ABCPE1234F', business_entity_id: 3, dob: '1990-12-31' }, { dob: ['This value is not accepted'] }],
    ['an entity that does not suit the PAN', { pancard_number: 'ABCPE1234F', business_entity_id: 6 }, { business_entity_id: ['This business entity does not match the PAN category'] }],
    ['an unknown entity', { pancard_number: 'ABCPE1234F', business_entity_id: 99 }, { business_entity_id: ['Choose a business entity from the list'] }],
  ];

  it.each(refusals)('refuses %s with 422 and the spec text, storing nothing', async (_case, body, errors) => {
    const before = await storedState();
    const response = await putPan(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a body without a merchant object', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { pancard_number: 'ABCPE1234F' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.merchant).toEqual(['This field cannot be left blank']);
  });

  it('records a PAN the provider rejects as Failed', async () => {
    const response = await putPan({ pancard_number: 'ABCPE0000F', business_entity_id: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant).toMatchObject({ pan_verification_status: 'Failed', pancard_name: null });
  });

  it('verifies a valid PAN, storing the PAN name, the entity and the date of birth', async () => {
    const response = await putPan({ pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '1990-12-31' });
    expect(response.statusCode).toBe(200);
    const merchant = response.json().merchant;
    expect(merchant).toMatchObject({
      pancard_number: 'ABCPE1234F',
      pan_verification_status: 'verified',
      business_entity_id: 1,
      business_entity: { id: 1, name: 'Individual' },
      product_account_detail: { dob: '1990-12-31' },
    });
    expect(merchant.pancard_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect((await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant).toEqual(merchant);
  });

  it('refuses changes while the step is locked (re-KYC)', async () => {
    await t.db.query(`update merchants set record = record || '{"re_kyc_required": true}' where uuid = $1`, [uuid]);
    const response = await putPan({ pancard_number: 'ABCPE1234F', business_entity_id: 3 });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This step cannot be edited now.');
    await t.db.query(`update merchants set record = record || '{"re_kyc_required": false}' where uuid = $1`, [uuid]);
  });

  it('refuses a member without a profile-editing permission', async () => {
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    const response = await putPan({ pancard_number: 'ABCPE1234F', business_entity_id: 3 });
    expect(response.statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
  });
});

describe('GET /api/v1/business_entities', () => {
  it('lists the entities with the PAN letter mapping', async () => {
    const body = (await call(t, token, 'GET', '/api/v1/business_entities')).json();
    expect(body.business_entities).toContainEqual({ id: 6, name: 'Private Limited' });
    expect(body.meta.pan_business_entity_mapping.C).toEqual(['Private Limited', 'Public Limited', 'One Person Company']);
  });
});
