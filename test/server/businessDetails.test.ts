import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { gstinCheckCharacter } from '../../schemas/keywords/gstinChecksum';
import { call, signInWithOtp, testApp, type TestApp, storedState as storedStateOf, patchRecord as patchRecordOf } from './testApp';

const PAN = 'AAACN4521K';
const withCheck = (first14: string) => first14 + (gstinCheckCharacter(first14) ?? '');
const OWN_GSTIN = withCheck(`27${PAN}1Z`);
const OTHER_PAN_GSTIN = withCheck('27AAACM1234K1Z');

let t: TestApp;
let token: string;
let uuid: string;

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'business.owner@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());

const putBusiness = (merchant: Record<string, unknown>, as = token) => call(t, as, 'PUT', `/api/v1/merchants/${uuid}`, { merchant });
const storedState = () => storedStateOf(t, uuid);
const patchRecord = (patch: Record<string, unknown>) => patchRecordOf(t, uuid, patch);

const valid = { business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' };
const REQUIRED = 'This field cannot be left blank';
const NOT_ACCEPTED = 'This value is not accepted';
const NAME = 'Name should contain only alphabets, numbers and special characters !@().-';

describe('PUT /api/v1/merchants/{uuid} with business details', () => {
  it('is locked until PAN is verified', async () => {
    const before = await storedState();
    const response = await putBusiness(valid);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This step cannot be edited now.');
    expect(await storedState()).toEqual(before);
  });

  it('opens once PAN is verified', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } });
    expect(response.json().merchant.pan_verification_status).toBe('verified');
  });

  const refusals: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    // Of no kind (server/merchants/updates/bodyKinds.ts), refused as the business details it is closest to.
    ['a body without a business category', { business_sub_category_id: 101, monthly_expected_volume: '10001-30000' }, { business_category_id: [REQUIRED] }],
    ['an empty business category', { ...valid, business_category_id: null }, { business_category_id: [message('business.category.unknown')] }],
    ['a business category that is not a number', { ...valid, business_category_id: 'retail' }, { business_category_id: [message('business.category.unknown')] }],
    ['an unknown business category', { ...valid, business_category_id: 999 }, { business_category_id: [message('business.category.unknown')] }],
    ['no sub-category', { business_category_id: 1, monthly_expected_volume: '10001-30000' }, { business_sub_category_id: [REQUIRED] }],
    ['a sub-category that is not a number', { ...valid, business_sub_category_id: '101' }, { business_sub_category_id: [message('business.subCategory.unknown')] }],
    ['a sub-category of another category', { ...valid, business_sub_category_id: 201 }, { business_sub_category_id: [message('business.subCategory.notInCategory')] }],
    ['no monthly volume', { business_category_id: 1, business_sub_category_id: 101 }, { monthly_expected_volume: [REQUIRED] }],
    ['a malformed GSTIN', { ...valid, gst_number: '27AAACN4521K1Z' }, { gst_number: ['You seem to have entered an incorrect GSTIN number, kindly retry'] }],
    ['a GSTIN with a wrong check character', { ...valid, gst_number: `27${PAN}1Z${OWN_GSTIN.endsWith('A') ? 'B' : 'A'}` }, { gst_number: ['You seem to have entered an incorrect GSTIN number, kindly retry'] }],
    ['a GSTIN of another PAN', { ...valid, gst_number: OTHER_PAN_GSTIN }, { gst_number: ['The GST number does not match with PAN details provided'] }],
    ['a trade name with special characters', { ...valid, business_name: 'Nimbus $tores #1' }, { business_name: [NAME] }],
    ['an empty trade name', { ...valid, business_name: '' }, { business_name: [REQUIRED] }],
    ['a trade name over 100 characters', { ...valid, business_name: 'N'.repeat(101) }, { business_name: ['Must be 100 characters or less'] }],
    ['a shop number with special characters', { ...valid, shop_number: 'SH/2024#11', area_code: 'MH' }, { shop_number: ['This field should not contain special characters e.g.(.#$,)'] }],
    ['a shop number without an area code', { ...valid, shop_number: 'SH202411' }, { area_code: [REQUIRED] }],
    ['an area code without a shop number', { ...valid, area_code: 'MH' }, { shop_number: [REQUIRED] }],
    ['an unknown area code', { ...valid, shop_number: 'SH202411', area_code: 'XX' }, { area_code: [message('business.areaCode.unknown')] }],
    ['a beneficial owner without a name', { ...valid, ultimate_beneficiaries: [{ pancard_number: 'ABCPE1234F' }] }, { 'ultimate_beneficiaries.0.name': [REQUIRED] }],
    ['a beneficial owner name with special characters', { ...valid, ultimate_beneficiaries: [{ name: 'Asha $harma', pancard_number: 'ABCPE1234F' }] }, { 'ultimate_beneficiaries.0.name': [NAME] }],
    ['a beneficial owner with a malformed PAN', { ...valid, ultimate_beneficiaries: [{ name: 'Asha Sharma', pancard_number: 'ABCPE1234' }] }, { 'ultimate_beneficiaries.0.pancard_number': ['PAN Number is invalid'] }],
    ['an ownership over 100 percent', { ...valid, ultimate_beneficiaries: [{ name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 120 }] }, { 'ultimate_beneficiaries.0.ownership_percentage': [message('business.ubo.percentage')] }],
    ['a beneficial owner that was never saved', { ...valid, ultimate_beneficiaries: [{ id: 77, name: 'Asha Sharma', pancard_number: 'ABCPE1234F' }] }, { 'ultimate_beneficiaries.0.id': [message('business.ubo.unknown')] }],
    ['a field the step does not have', { ...valid, display_name: 'Nimbus' }, { display_name: [NOT_ACCEPTED] }],
  ];

  it.each(refusals)('refuses %s with 422 and the catalogue text, storing nothing', async (_case, body, errors) => {
    const before = await storedState();
    const response = await putBusiness(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a monthly volume that is not one of the bands, storing nothing', async () => {
    const before = await storedState();
    const response = await putBusiness({ ...valid, monthly_expected_volume: '5000-10000' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['monthly_expected_volume']);
    expect(await storedState()).toEqual(before);
  });

  it('requires a beneficial owner when ubo_exist', async () => {
    await patchRecord({ ubo_exist: true });
    const before = await storedState();
    const response = await putBusiness(valid);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { ultimate_beneficiaries: [message('business.ubo.required')] } });
    const empty = await putBusiness({ ...valid, ultimate_beneficiaries: [] });
    expect(empty.json()).toEqual({ errors: { ultimate_beneficiaries: [message('business.ubo.required')] } });
    expect(await storedState()).toEqual(before);
    // The merchant's own answer stands over the stored one, both ways.
    const answeredNo = await putBusiness({ ...valid, ubo_exist: false });
    expect(answeredNo.statusCode).toBe(200);
    expect(answeredNo.json().merchant).toMatchObject({ ubo_exist: false, ultimate_beneficiaries: [] });
    const answeredYes = await putBusiness({ ...valid, ubo_exist: true });
    expect(answeredYes.json()).toEqual({ errors: { ultimate_beneficiaries: [message('business.ubo.required')] } });
  });

  it('ignores a $context sent by the client: the GSTIN must match the stored PAN', async () => {
    const response = await putBusiness({ ...valid, gst_number: OTHER_PAN_GSTIN, $context: { pancard_number: 'AAACM1234K' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.gst_number).toEqual(['The GST number does not match with PAN details provided']);
  });

  it('refuses a member without a profile-editing permission', async () => {
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    const before = await storedState();
    expect((await putBusiness(valid)).statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
  });

  it('stores the details with category names, the PAN name as business name when no trade name is given', async () => {
    const response = await putBusiness({ ...valid, gst_number: OWN_GSTIN, shop_number: 'SH202411', area_code: 'MH' });
    expect(response.statusCode).toBe(200);
    const merchant = response.json().merchant;
    expect(merchant).toMatchObject({
      business_category_id: 1,
      business_category_name: 'Retail & Shopping',
      business_sub_category_id: 101,
      business_sub_category_name: 'Grocery & Kirana',
      monthly_expected_volume: '10001-30000',
      gst_number: OWN_GSTIN,
      business_name: merchant.pancard_name,
      business_pan_name_match: true,
      shop_number: 'SH202411',
      area_code: 'MH',
    });
    expect(merchant.business_name).toEqual(expect.any(String));
    expect((await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant).toEqual(merchant);
  });

  it('keeps a filled category and sub-category: a change is refused', async () => {
    const before = await storedState();
    const response = await putBusiness({ ...valid, business_category_id: 2, business_sub_category_id: 201 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: {
        business_category_id: [message('business.category.readOnly')],
        business_sub_category_id: [message('business.subCategory.readOnly')],
      },
    });
    expect(await storedState()).toEqual(before);
  });

  it('stores a trade name and beneficial owners, keeping saved owners by id', async () => {
    const first = await putBusiness({ ...valid, business_name: 'Nimbus Mart', ultimate_beneficiaries: [{ name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 60 }] });
    expect(first.statusCode).toBe(200);
    expect(first.json().merchant).toMatchObject({
      business_name: 'Nimbus Mart',
      business_pan_name_match: false,
      // Left out of the body: kept as the previous save stored it.
      gst_number: OWN_GSTIN,
      ultimate_beneficiaries: [{ id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 60 }],
    });
    const second = await putBusiness({
      ...valid,
      ultimate_beneficiaries: [
        { id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 55 },
        { name: 'Ravi Rao', pancard_number: 'BCDPR2345G' },
      ],
    });
    expect(second.json().merchant.ultimate_beneficiaries).toEqual([
      { id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 55 },
      { id: 2, name: 'Ravi Rao', pancard_number: 'BCDPR2345G', ownership_percentage: null },
    ]);
  });
});

describe('a partial update of the business details', () => {
  it('keeps the optional fields a body leaves out, and clears those it sends as null', async () => {
    const saved = await putBusiness({ ...valid, gst_number: OWN_GSTIN, business_name: 'Nimbus Mart', shop_number: 'SH202411', area_code: 'MH' });
    expect(saved.statusCode, saved.body).toBe(200);

    // The agreement details send only what they ask: everything else stays.
    const partial = await putBusiness({ ...valid, monthly_expected_volume: '30001-60000' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().merchant).toMatchObject({ monthly_expected_volume: '30001-60000', gst_number: OWN_GSTIN, business_name: 'Nimbus Mart', shop_number: 'SH202411', area_code: 'MH' });
    expect(partial.json().merchant.ultimate_beneficiaries).toEqual(saved.json().merchant.ultimate_beneficiaries);
    expect(saved.json().merchant.ultimate_beneficiaries.length).toBeGreaterThan(0);

    // null clears: the GSTIN removed, the trade name back to the PAN name, no shop registration.
    const cleared = await putBusiness({ ...valid, gst_number: null, business_name: null, shop_number: null, area_code: null });
    expect(cleared.statusCode).toBe(200);
    const merchant = cleared.json().merchant;
    expect(merchant).toMatchObject({ gst_number: null, shop_number: null, area_code: null, business_pan_name_match: true });
    expect(merchant.business_name).toBe(merchant.pancard_name);

    // null only clears what may be cleared: a required field sent as null is refused, nothing stored.
    const refused = await putBusiness({ ...valid, monthly_expected_volume: null });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['monthly_expected_volume']);
  });
});

describe('DELETE /api/v1/merchants/{id}/ultimate_beneficiaries/{beneficiaryId}', () => {
  it('removes a saved beneficial owner and answers the merchant', async () => {
    const response = await call(t, token, 'DELETE', `/api/v1/merchants/${uuid}/ultimate_beneficiaries/2`);
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant.ultimate_beneficiaries.map((owner: { id: number }) => owner.id)).toEqual([1]);
  });

  it('answers 404 for an unknown owner and 403 without permission, storing nothing', async () => {
    const before = await storedState();
    expect((await call(t, token, 'DELETE', `/api/v1/merchants/${uuid}/ultimate_beneficiaries/99`)).statusCode).toBe(404);
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    expect((await call(t, token, 'DELETE', `/api/v1/merchants/${uuid}/ultimate_beneficiaries/1`)).statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
    expect(await storedState()).toEqual(before);
  });
});

describe('business details once the agreement is generated', () => {
  it('refuses updates and owner removal (409)', async () => {
    await patchRecord({ merchant_statuses: [{ status_type: 'Agreement', status_value: 'Generated' }] });
    const before = await storedState();
    expect((await putBusiness(valid)).statusCode).toBe(409);
    expect((await call(t, token, 'DELETE', `/api/v1/merchants/${uuid}/ultimate_beneficiaries/1`)).statusCode).toBe(409);
    expect(await storedState()).toEqual(before);
    await patchRecord({ merchant_statuses: [] });
  });
});

describe('master data', () => {
  it('lists business categories with their sub-categories, under both paths', async () => {
    for (const path of ['/api/v1/business_categories', '/api/v1/business_category']) {
      const body = (await call(t, token, 'GET', path)).json();
      expect(body.business_categories).toContainEqual(expect.objectContaining({ id: 1, name: 'Retail & Shopping' }));
      expect(body.business_categories[0].business_sub_categories).toContainEqual({ id: 101, name: 'Grocery & Kirana' });
    }
  });

  it('lists area codes as {area, code}', async () => {
    const body = (await call(t, token, 'GET', '/api/v1/area_codes')).json();
    expect(body.area_codes).toContainEqual({ area: 'Maharashtra', code: 'MH' });
  });

  it('requires a session', async () => {
    expect((await call(t, null, 'GET', '/api/v1/area_codes')).statusCode).toBe(401);
  });
});

describe('sandbox DVS lookups', () => {
  const dvs = (path: string, payload: unknown, as = token) => call(t, as, 'POST', `/api/v1/dvs_wrapper/${uuid}/${path}`, payload);

  it('lists the GSTINs linked to a PAN, with valid check characters, in Maharashtra and Karnataka', async () => {
    const body = (await dvs('pan_gst_details', { pan_number: PAN })).json();
    expect(body.pan_detail.name).toEqual(expect.any(String));
    const gstins = body.pan_detail.gst_details.map((detail: { gstin: string }) => detail.gstin);
    expect(gstins).toEqual([OWN_GSTIN, withCheck(`29${PAN}1Z`)]);
    for (const gstin of gstins) expect(gstin.slice(14)).toBe(gstinCheckCharacter(gstin.slice(0, 14)));
  });

  it('refuses a malformed PAN and answers no details for a PAN the sandbox rejects', async () => {
    expect((await dvs('pan_gst_details', { pan_number: 'AAACN452' })).json()).toEqual({ errors: { pan_number: ['PAN Number is invalid'] } });
    expect((await dvs('pan_gst_details', { pan_number: 'AAACN0000K' })).statusCode).toBe(422);
  });

  it('gives the trade name of a GSTIN, the same as the PAN lookup gives', async () => {
    const linked = (await dvs('pan_gst_details', { pan_number: PAN })).json().pan_detail.gst_details[0];
    expect((await dvs('gstin_details', { gstin: OWN_GSTIN })).json()).toEqual({ gstin_details: { tradename: linked.tradename } });
    expect((await dvs('gstin_details', { gstin: '27AAACN4521K1ZZ' })).json()).toEqual({ errors: { gstin: ['You seem to have entered an incorrect GSTIN number, kindly retry'] } });
  });

  it('gives the entity name of a shop registration in a known area', async () => {
    const body = (await dvs('shop_details', { reg_no: 'SH202411', area_code: 'MH' })).json();
    expect(body.shop_details.entity_name).toEqual(expect.any(String));
    expect((await dvs('shop_details', { reg_no: '0000', area_code: 'MH' })).json()).toEqual({ errors: { reg_no: [message('business.shop.notFound')] } });
  });

  it("refuses another user's merchant as if it were unknown (404)", async () => {
    const other = await signInWithOtp(t, 'not.a.member@example.com');
    expect((await dvs('pan_gst_details', { pan_number: PAN }, other)).statusCode).toBe(404);
  });
});
