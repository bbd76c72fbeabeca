import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { companyBankForm, call, signInWithOtp, testApp, type TestApp, storedState as storedStateOf, patchRecord as patchRecordOf } from './testApp';

const PAN = 'AAACN4521K';

let t: TestApp;
let token: string;
let uuid: string;

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'bank.owner@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());

const postBank = (bankDetail: unknown, as = token) => call(t, as, 'POST', `/api/v1/merchants/${uuid}/bank_details`, { bank_detail: bankDetail });
const storedState = () => storedStateOf(t, uuid);
const patchRecord = (patch: Record<string, unknown>) => patchRecordOf(t, uuid, patch);

const company = companyBankForm();
const individual = {
  business_registered: false,
  business_entity_id: 1,
  pancard_name: 'ASHA SHARMA',
  holder_name: 'Asha Sharma',
  bank_account_number: '123456789012',
  ifsc_code: 'SBIN0000300',
};
const without = (body: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));

const REQUIRED = message('validation.required');
const NOT_ACCEPTED = message('validation.unexpected');
const PAN_NAME = 'PAN name should not contain special characters';
const ACCOUNT = 'Bank number should not contain special characters e.g.(.#$,)';
const IFSC = 'IFSC code format is invalid';
const NAME = 'Name should contain only alphabets, numbers and special characters !@().-';

describe('POST /api/v1/merchants/{id}/bank_details', () => {
  // The form takes new details only when none are stored or their verification failed (rules/steps.json): each test
  // starts from a failed verification of the details an earlier test stored.
  beforeEach(async () => {
    const { record } = await storedState();
    const bankDetail = record?.bank_detail as Record<string, unknown> | null | undefined;
    if (bankDetail) await patchRecord({ bank_detail: { ...bankDetail, bank_verification_status: 'failed', penny_deposit_status: 'FAILED' } });
  });

  it('is locked until PAN is verified', async () => {
    const before = await storedState();
    const response = await postBank(company);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(message('error.stepLocked'));
    expect(await storedState()).toEqual(before);
  });

  it('opens once PAN is verified', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } });
    expect(response.json().merchant.pan_verification_status).toBe('verified');
  });

  const refusals: Array<[string, unknown, Record<string, string[]>]> = [
    ['a body that is not an object', 'bank', { bank_detail: [message('validation.unexpected')] }],
    ['no answer to "Is your business registered"', without(company, 'business_registered'), { business_registered: [REQUIRED] }],
    ['a registered answer that is not yes or no', { ...company, business_registered: 'yes' }, { business_registered: [REQUIRED] }],
    ['no registration type', without(company, 'business_entity_id'), { business_entity_id: [REQUIRED] }],
    ['an entity the bank form does not offer (HUF)', { ...company, business_entity_id: 2 }, { business_entity_id: [message('bank.entity.unknown')] }],
    ['an unregistered business that is not an Individual', { ...company, business_registered: false }, { business_entity_id: [message('bank.entity.unregistered')] }],
    ['a company without a business name', without(company, 'business_name'), { business_name: [REQUIRED] }],
    ['a business name with special characters', { ...company, business_name: 'Nimbus $tores' }, { business_name: [PAN_NAME] }],
    ['a business name over 100 characters', { ...company, business_name: 'N'.repeat(101) }, { business_name: ['Must be 100 characters or less'] }],
    ['no PAN name', without(company, 'pancard_name'), { pancard_name: [REQUIRED] }],
    ['an empty PAN name', { ...company, pancard_name: '' }, { pancard_name: [REQUIRED] }],
    ['a PAN name with special characters', { ...company, pancard_name: 'NIMBUS & CO' }, { pancard_name: [PAN_NAME] }],
    ['a company without a PAN number', without(company, 'pancard_number'), { pancard_number: [REQUIRED] }],
    ['a malformed PAN number', { ...company, pancard_number: 'AAACN4521' }, { pancard_number: ['PAN Number is invalid'] }],
    ['no holder name', without(company, 'holder_name'), { holder_name: [REQUIRED] }],
    ['an empty holder name', { ...company, holder_name: '' }, { holder_name: [REQUIRED] }],
    ['a holder name with special characters', { ...company, holder_name: 'Nimbus $tores' }, { holder_name: [NAME] }],
    ['a read-only holder name other than the PAN name', { ...company, holder_name: 'Someone Else' }, { holder_name: ['Account holder name should match the name on PAN'] }],
    ['no account number', without(company, 'bank_account_number'), { bank_account_number: [REQUIRED] }],
    ['an account number with special characters', { ...company, bank_account_number: '5010.0123' }, { bank_account_number: [ACCOUNT] }],
    ['an account number over 18 characters', { ...company, bank_account_number: '1'.repeat(19) }, { bank_account_number: ['Must be 18 characters or less'] }],
    ['no IFSC', without(company, 'ifsc_code'), { ifsc_code: [REQUIRED] }],
    ['a malformed IFSC', { ...company, ifsc_code: 'HDFC000001' }, { ifsc_code: [IFSC] }],
    ['a well-formed IFSC of no branch', { ...company, ifsc_code: 'ZZZZ0000001' }, { ifsc_code: ['No data found for this IFSC.'] }],
    ['an Individual with a business name', { ...individual, business_name: 'Asha Stores' }, { business_name: [NOT_ACCEPTED] }],
    ['an Individual with a PAN number', { ...individual, pancard_number: PAN }, { pancard_number: [NOT_ACCEPTED] }],
    ['a field the form does not have', { ...company, gst_number: '27AAACN4521K1ZX' }, { gst_number: [NOT_ACCEPTED] }],
  ];

  it.each(refusals)('refuses %s with 422 and the catalogue text, storing nothing', async (_case, body, errors) => {
    const before = await storedState();
    const response = await postBank(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it('stores a company bank detail, pending verification, with the entity and names as submitted', async () => {
    // Typed as a merchant might: the account number in groups, the IFSC in lower case (normalised as the form does).
    const typed = { bank_account_number: company.bank_account_number.replace(/(\d{4})/g, '$1 ').trim(), ifsc_code: ` ${company.ifsc_code.toLowerCase()}` };
    const response = await postBank({ ...company, ...typed, $context: { holder_name_choices: ['Anything'] } });
    expect(response.statusCode).toBe(200);
    const { record } = await storedState();
    expect(record?.bank_detail).toEqual({
      id: 1,
      bank_account_number: company.bank_account_number,
      ifsc_code: company.ifsc_code,
      holder_name: company.holder_name,
      bank_verification_status: 'pending',
      penny_deposit_status: 'NOT_INITIATED',
      penny_deposit_method: 'IMPS',
      penny_attempt_left: 3,
      addendum_status: null,
      bank_verification_proof: null,
      bank_verification_proof_file_id: null,
      bank_verification_remarks: null,
    });
    expect(record).toMatchObject({
      business_entity_id: 6,
      business_entity: { id: 6, name: 'Private Limited' },
      business_name: company.business_name,
      pancard_name: company.pancard_name,
    });
    expect(response.json().merchant.bank_detail).toEqual(record?.bank_detail);
  });

  it('stores an Individual with the reduced field set, keeping the stored business name', async () => {
    const response = await postBank(individual);
    expect(response.statusCode).toBe(200);
    const { record } = await storedState();
    expect(record).toMatchObject({ business_entity_id: 1, business_name: company.business_name, pancard_name: individual.pancard_name });
    expect(record?.bank_detail).toMatchObject({ id: 2, holder_name: 'Asha Sharma', ifsc_code: individual.ifsc_code });
  });

  it('makes the holder name a choice of business and PAN names for the Individual filing status', async () => {
    await patchRecord({ business_filing_status: 'Individual', business_name: 'Asha Stores', pancard_name: 'ASHA SHARMA' });
    const before = await storedState();
    const refused = await postBank({ ...individual, holder_name: 'Someone Else' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { holder_name: [message('bank.holderName.choice')] } });
    expect(await storedState()).toEqual(before);
    expect((await postBank({ ...individual, holder_name: 'Asha Stores' })).statusCode).toBe(200);
    await patchRecord({ business_filing_status: null });
  });

  it('keeps the entity fields of a migrated money-product merchant with a PAN', async () => {
    await patchRecord({ product: 'PayUmoney', business_entity_id: 6, business_name: company.business_name, pancard_name: company.pancard_name });
    const before = await storedState();
    const refused = await postBank({ ...company, business_entity_id: 4, pancard_name: 'OTHER NAME' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      errors: { business_entity_id: [message('bank.entity.readOnly')], pancard_name: [message('bank.entity.readOnly')] },
    });
    expect(await storedState()).toEqual(before);
    expect((await postBank(company)).statusCode).toBe(200);
    await patchRecord({ product: 'PayUbiz' });
  });

  it('refuses a caller without the profile-edit permission with 403, storing nothing', async () => {
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    const before = await storedState();
    expect((await postBank(company)).statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
    expect((await postBank(company)).statusCode).toBe(200);
  });

  it("answers another user's merchant with 404, as if it were unknown", async () => {
    const other = await signInWithOtp(t, 'someone.else@example.com');
    expect((await postBank(company, other)).statusCode).toBe(404);
  });

  it('is locked in re-KYC', async () => {
    await patchRecord({ re_kyc_required: true });
    const before = await storedState();
    expect((await postBank(company)).statusCode).toBe(409);
    expect(await storedState()).toEqual(before);
    await patchRecord({ re_kyc_required: false });
  });
});
