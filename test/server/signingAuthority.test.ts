import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { call, signInWithOtp, testApp, type TestApp, storedState as storedStateOf, patchRecord as patchRecordOf } from './testApp';

let t: TestApp;
let token: string;
let uuid: string;
let accountId: string;

const VALID = { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', pep: 3 };

const storedState = (id = uuid) => storedStateOf(t, id);
const patchRecord = (patch: Record<string, unknown>, id = uuid) => patchRecordOf(t, id, patch);
const putSignatory = (signatory: Record<string, unknown>, options: { as?: string; account?: string; merchant?: string } = {}) =>
  call(t, options.as ?? token, 'PUT', `/api/v1/accounts/${options.account ?? accountId}`, {
    account: { signatory_contact_details_attributes: [signatory] },
    merchant_uuid: options.merchant ?? uuid,
  });

/** Signs a new owner in and verifies a Private Limited PAN; returns the token and merchant uuid. */
async function privateLimitedMerchant(identity: string): Promise<{ token: string; uuid: string }> {
  const owner = await signInWithOtp(t, identity);
  const id = (await call(t, owner, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, owner, 'PUT', `/api/v1/merchants/${id}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  if (pan.statusCode !== 200) throw new Error(`PAN ${pan.statusCode}: ${pan.body}`);
  return { token: owner, uuid: id };
}

beforeAll(async () => {
  t = await testApp();
  const owner = await signInWithOtp(t, 'signatory.owner@example.com');
  token = owner;
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());

describe('the account behind the signing-authority step', () => {
  it('does not exist before the PAN is verified, so the step is locked', async () => {
    expect((await storedState()).record?.account).toBeNull();
    expect(stepFlagsOf((await storedState()).record!, 'signing-authority')).toMatchObject({ locked: true });
  });

  it('is created when the PAN is verified, which unlocks the signing-authority step', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
    expect(response.statusCode).toBe(200);
    const merchant = response.json().merchant;
    accountId = merchant.account_uuid;
    expect(merchant.account).toEqual({ uuid: accountId, signatory_contact_details: [] });
    expect(stepFlagsOf(merchant, 'signing-authority')).toMatchObject({ locked: false, editable: true, todo: true });
  });

  it('is kept when the PAN is submitted again', async () => {
    const response = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 7 } });
    expect(response.json().merchant.account_uuid).toBe(accountId);
  });
});

describe('PUT /api/v1/accounts/{id} (signing authority)', () => {
  const refusals: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['a missing name', { ...VALID, name: undefined }, { name: ['This field cannot be left blank'] }],
    ['an empty name', { ...VALID, name: '' }, { name: ['This field cannot be left blank'] }],
    ['a name with other special characters', { ...VALID, name: 'Asha $ Verma' }, { name: ['Name should contain only alphabets, numbers and special characters !@().-'] }],
    ['a name over 100 characters', { ...VALID, name: 'A'.repeat(101) }, { name: ['Must be 100 characters or less'] }],
    ['a missing email', { ...VALID, email: undefined }, { email: ['This field cannot be left blank'] }],
    ['a malformed email', { ...VALID, email: 'asha@example' }, { email: ['Invalid email'] }],
    ['an email with a local part over 64 characters', { ...VALID, email: `${'a'.repeat(65)}@example.com` }, { email: ['Invalid email'] }],
    ['a missing PAN', { ...VALID, pancard_number: undefined }, { pancard_number: ['This field cannot be left blank'] }],
    ['a malformed PAN', { ...VALID, pancard_number: 'ABCP1234K' }, { pancard_number: ['PAN Number is invalid'] }],
    ['a company\'s PAN (a signatory is a person)', { ...VALID, pancard_number: 'AAECS1234K' }, { pancard_number: ["This is not a person's PAN: enter the signatory's own PAN (its fourth letter is P)"] }],
    ['a malformed CIN', { ...VALID, cin_number: 'U7220' }, { cin_number: ['CIN number is invalid'] }],
    ['no CIN for a Private Limited company', { ...VALID, cin_number: undefined }, { cin_number: ['This field cannot be left blank'] }],
    ['an unknown signatory id', { ...VALID, id: 999 }, { id: ['This signatory was not found'] }],
    ['a field the step does not have', { ...VALID, designation: 'CEO' }, { designation: ['This value is not accepted'] }],
  ];

  it.each(refusals)('refuses %s with 422 and the spec text, storing nothing', async (_case, signatory, errors) => {
    const before = await storedState();
    const response = await putSignatory(JSON.parse(JSON.stringify(signatory)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it.each([0, 4, '1', 'PEP'])('refuses the PEP value %j (it is sent as 1, 2 or 3), storing nothing', async (pep) => {
    const before = await storedState();
    const response = await putSignatory({ ...VALID, pep });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['pep']);
    expect(await storedState()).toEqual(before);
  });

  it('refuses a body without the signatory list or the merchant', async () => {
    const before = await storedState();
    const response = await call(t, token, 'PUT', `/api/v1/accounts/${accountId}`, { account: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      merchant_uuid: ['This field cannot be left blank'],
      'account.signatory_contact_details_attributes': ['This field cannot be left blank'],
    });
    expect(await storedState()).toEqual(before);
  });

  it('stores the signing authority and completes the step', async () => {
    const response = await putSignatory(VALID);
    expect(response.statusCode).toBe(200);
    const { merchant, account } = response.json();
    expect(account.signatory_contact_details).toEqual([
      { id: 1, ...VALID, authorised_signatory: true, contact_detail_type: 'Signing Authority' },
    ]);
    expect((await storedState()).record).toEqual(merchant);
    expect(stepFlagsOf(merchant, 'signing-authority')).toMatchObject({ completed: true });
    expect(stepFlagsOf(merchant, 'kyc')).toMatchObject({ locked: false });
    const read = await call(t, token, 'GET', `/api/v1/accounts/${accountId}?merchant_uuid=${uuid}`);
    expect(read.json().account).toEqual(account);
  });

  it('updates the saved signatory in place, PEP left empty; a PAN and CIN typed in lower case with spaces are stored as the form sends them', async () => {
    const { pep: _pep, ...withoutPep } = VALID;
    const response = await putSignatory({
      ...withoutPep,
      id: 1,
      name: 'Asha K. Verma (Dr.)',
      pancard_number: ` ${VALID.pancard_number.toLowerCase()} `,
      cin_number: VALID.cin_number.toLowerCase().replace(/(.{6})/, '$1 '),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().account.signatory_contact_details).toEqual([
      { id: 1, ...withoutPep, name: 'Asha K. Verma (Dr.)', pep: null, authorised_signatory: true, contact_detail_type: 'Signing Authority' },
    ]);
  });

  const entities: Array<[number, string, boolean]> = [
    [1, 'Individual', false],
    [3, 'Sole Proprietorship', false],
    [4, 'Partnership', false],
    [5, 'LLP', true],
    [6, 'Private Limited', true],
    [7, 'Public Limited', true],
    [8, 'Trust', false],
    [9, 'Society', false],
    [14, 'One Person Company', true],
  ];
  it.each(entities)('for entity %i (%s) requires a CIN: %s', async (id, name, required) => {
    await patchRecord({ business_entity_id: id, business_entity: { id, name } });
    const before = await storedState();
    const { cin_number: _cin, ...withoutCin } = VALID;
    const response = await putSignatory(withoutCin);
    if (required) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { cin_number: ['This field cannot be left blank'] } });
      expect(await storedState()).toEqual(before);
    } else {
      expect(response.statusCode).toBe(200);
      expect(response.json().account.signatory_contact_details[0].cin_number).toBeNull();
      expect(stepFlagsOf(response.json().merchant, 'signing-authority').completed).toBe(true);
    }
    await patchRecord({ business_entity_id: 6, business_entity: { id: 6, name: 'Private Limited' } });
  });

  it("answers 404 for an account that is not the merchant's", async () => {
    const other = await privateLimitedMerchant('other.signatory@example.com');
    const otherAccount = (await storedState(other.uuid)).record?.account_uuid as string;
    const before = await storedState();
    expect((await putSignatory(VALID, { account: otherAccount })).statusCode).toBe(404);
    expect((await call(t, token, 'GET', `/api/v1/accounts/${otherAccount}?merchant_uuid=${uuid}`)).statusCode).toBe(404);
    expect(await storedState()).toEqual(before);
  });

  it("answers another user's merchant with 404, as if it were unknown", async () => {
    const other = await signInWithOtp(t, 'not.a.member@example.com');
    const before = await storedState();
    expect((await putSignatory(VALID, { as: other })).statusCode).toBe(404);
    expect((await call(t, other, 'GET', `/api/v1/accounts/${accountId}?merchant_uuid=${uuid}`)).statusCode).toBe(404);
    expect(await storedState()).toEqual(before);
  });

  it('refuses a member without a profile-editing permission', async () => {
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    const before = await storedState();
    expect((await putSignatory(VALID)).statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
  });

  const lockedStates: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['the agreement is generated', { merchant_statuses: [{ status_type: 'Agreement', status_value: 'Sent' }] }, { merchant_statuses: [] }],
    ['the documents are approved', { document_status: 'Docs Approved' }, { document_status: null }],
    ['the PAN is not verified', { pan_verification_status: 'Failed' }, { pan_verification_status: 'verified' }],
  ];
  it.each(lockedStates)('refuses changes with 409 once %s', async (_case, patch, restore) => {
    await patchRecord(patch);
    const before = await storedState();
    const response = await putSignatory(VALID);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This step cannot be edited now.');
    expect(await storedState()).toEqual(before);
    await patchRecord(restore);
  });

  it('refuses with 409 while the merchant has no account', async () => {
    const other = await privateLimitedMerchant('no.account@example.com');
    await patchRecord({ account: null, account_uuid: null }, other.uuid);
    const response = await putSignatory(VALID, { as: other.token, merchant: other.uuid });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/v1/dvs_wrapper/{id}/signing_authority_details (CIN signatories)', () => {
  const lookUp = (cin: unknown, as = token) => call(t, as, 'POST', `/api/v1/dvs_wrapper/${uuid}/signing_authority_details`, { cin });

  it.each(['U72200MH2009PTC123456', 'AAB-1234'])('lists the signatories on record for %s', async (cin) => {
    const response = await lookUp(cin);
    expect(response.statusCode).toBe(200);
    const { signatories_details: signatories } = response.json();
    expect(signatories).toHaveLength(2);
    expect(signatories[0]).toEqual({ name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/), designation: cin.includes('-') ? 'Designated Partner' : 'Director', din: expect.stringMatching(/^\d{8}$/) });
  });

  it('finds no signatories for a CIN the registry does not know', async () => {
    expect((await lookUp('U00000MH0000PTC000000')).json()).toEqual({ signatories_details: [] });
  });

  it('refuses a malformed CIN with the spec text, and a stranger', async () => {
    const response = await lookUp('U7220');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { cin: ['CIN number is invalid'] } });
    const stranger = await signInWithOtp(t, 'cin.stranger@example.com');
    expect((await lookUp('U72200MH2009PTC123456', stranger)).statusCode).toBe(404);
  });
});

describe("a proprietor's signing authority, started from the PAN (signatory_is_pan_holder)", () => {
  it.each([
    [3, 'Sole Proprietorship', { pancard_number: 'ABCPV1234K' }],
    [1, 'Individual', { pancard_number: 'BCDPK5678L', dob: '1985-05-05' }],
  ])('accepts, for a %s (%s), the signatory the step starts with: the PAN holder and the merchant e-mail', async (entity, _name, panDetails) => {
    const identity = `proprietor.${entity}@example.com`;
    const owner = await signInWithOtp(t, identity);
    const id = (await call(t, owner, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
    const pan = await call(t, owner, 'PUT', `/api/v1/merchants/${id}`, { merchant: { ...panDetails, business_entity_id: entity } });
    expect(pan.statusCode, pan.body).toBe(200);
    const record = pan.json().merchant as Record<string, unknown> & { account_uuid: string; pancard_name: string };
    const { $context: _context, ...started } = compiledStep('signing-authority')!.initialDataOf(record);
    expect(started).toEqual({ name: record.pancard_name, email: identity, pancard_number: panDetails.pancard_number });
    const response = await putSignatory(started, { as: owner, account: record.account_uuid, merchant: id });
    expect(response.statusCode).toBe(200);
    expect(stepFlagsOf(response.json().merchant, 'signing-authority')).toMatchObject({ completed: true });
  });
});
