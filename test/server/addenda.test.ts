import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { manualClock } from '../../server/jobs/clock';
import { call, latestOtp, patchRecord, signInStaff, signInWithOtp, testApp, VERIFIED_BANK_DETAIL, type TestApp } from './testApp';

const clock = manualClock();
let t: TestApp;
let reviewer: string;
beforeAll(async () => {
  t = await testApp({ clock });
  reviewer = await signInStaff(t, 'ops_reviewer');
});
afterAll(() => t.close());

const REGISTERED = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const WEBSITE = {
  uuid: '6f1c1c47-3a43-4f7e-9b4a-2b0d5a8f1e11',
  website_url: 'https://nimbus.example.com',
  android_url: null,
  ios_url: null,
  website_url_invalid: false,
  android_url_invalid: false,
  ios_url_invalid: false,
  website_approval_status: 'Website OK',
  liveliness_status: 'live',
  domain_status_by_merchant: null,
  addendum_status: null,
  comments: [],
  file: null,
  req_doc_category: null,
  website_document_categories: [],
};
/** A company merchant whose agreement is generated: every change of bank, website, address or GST is an addendum. */
const GENERATED = {
  business_category_id: 2,
  business_sub_category_id: 201,
  monthly_expected_volume: '30001-60000',
  integration_type: 'THIRD_PARTY',
  website_detail: WEBSITE,
  registration_address: REGISTERED,
  operating_address: REGISTERED,
  bank_detail: VERIFIED_BANK_DETAIL,
  gst_number: null,
  merchant_statuses: [{ status_type: 'Agreement', status_value: 'Sent' }],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a record as the API answers it, read field by field
type Answer = Record<string, any>;

let count = 0;
async function merchant(patch: Record<string, unknown> = GENERATED) {
  const email = `addendum.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  const signatory = { name: 'Asha Verma', email: 'asha@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
  expect((await call(t, token, 'PUT', `/api/v1/accounts/${pan.json().merchant.account_uuid}`, { account: { signatory_contact_details_attributes: [signatory] }, merchant_uuid: uuid })).statusCode).toBe(200);
  await patchRecord(t, uuid, patch);
  return { email, token, uuid };
}
type Merchant = Awaited<ReturnType<typeof merchant>>;

async function alternativeToken(m: Merchant, scope: string): Promise<string> {
  expect((await call(t, m.token, 'POST', '/api/v1/otps', { otp: { scope, merchant_uuid: m.uuid, channels: ['email', 'sms'], type: 'SignIn' } })).statusCode).toBe(200);
  const verified = await call(t, m.token, 'POST', '/api/v1/otps/verify', { otp: { code: await latestOtp(t.db, m.email), scope, merchant_uuid: m.uuid } });
  return verified.json().alternative_token as string;
}
const record = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant;
const accept = (m: Merchant, body: Record<string, unknown>) => call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_addendum`, body);
const review = (id: string, status: 'Approved' | 'Declined', remarks?: string, as = reviewer) => call(t, as, 'POST', `/api/v1/ops/addenda/${id}/review`, { status, ...(remarks ? { remarks } : {}) });

const WEBSITE_2 = 'https://shop.nimbus.example.com';
const ADDRESS_2 = { address_line: '7, Linking Road', city: 'Mumbai', pincode: '400050', state: 'Maharashtra' };

/** How each source's change is sent (the step's own call), what the record shows of it, and what it looks like changed. */
const SOURCES = [
  {
    source: 'bank',
    change: async (m: Merchant) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${m.uuid}/bank_details`,
        headers: { authorization: `Bearer ${m.token}`, 'alternative-token': await alternativeToken(m, 'update_bank_details') },
        payload: { bank_detail: { holder_name: 'Nimbus Stores', bank_account_number: '50100999999999', ifsc_code: 'SBIN0000300' } },
      }),
    status: (merchant: Answer) => merchant.bank_detail.addendum_status,
    unchanged: (merchant: Answer) => expect(merchant.bank_detail).toMatchObject({ bank_account_number: VERIFIED_BANK_DETAIL.bank_account_number, bank_verification_status: 'verified' }),
    changed: (merchant: Answer) => expect(merchant.bank_detail).toMatchObject({ bank_account_number: '50100999999999', ifsc_code: 'SBIN0000300', bank_verification_status: 'pending' }),
  },
  {
    source: 'website_detail',
    change: async (m: Merchant) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/merchants/${m.uuid}/website_details`,
        headers: { authorization: `Bearer ${m.token}`, 'alternative-token': await alternativeToken(m, 'update_website_details') },
        payload: { website_detail: { integration_type: 'THIRD_PARTY', website_url: WEBSITE_2 } },
      }),
    status: (merchant: Answer) => merchant.website_detail.addendum_status,
    unchanged: (merchant: Answer) => expect(merchant.website_detail).toMatchObject({ website_url: WEBSITE.website_url, website_approval_status: 'Website OK' }),
    changed: (merchant: Answer) => expect(merchant.website_detail).toMatchObject({ website_url: WEBSITE_2, website_approval_status: 'Website OK' }),
  },
  {
    source: 'address',
    change: (m: Merchant) => call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, { Registered: ADDRESS_2, Operating: ADDRESS_2 }),
    status: (merchant: Answer) => merchant.address_addendum_status,
    unchanged: (merchant: Answer) => expect(merchant.registration_address).toEqual(REGISTERED),
    changed: (merchant: Answer) => expect([merchant.registration_address, merchant.operating_address]).toEqual([ADDRESS_2, ADDRESS_2]),
  },
  {
    source: 'gst',
    change: (m: Merchant) => call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/update_gst_details`, { gst_number: '27AAACN4521K1ZI' }),
    status: (merchant: Answer) => merchant.gst_addendum_status,
    unchanged: (merchant: Answer) => expect(merchant.gst_number).toBeNull(),
    changed: (merchant: Answer) => expect(merchant.gst_number).toBe('27AAACN4521K1ZI'),
  },
] as const;

describe.each(SOURCES)('an addendum of $source', ({ source, change, status, unchanged, changed }) => {
  it('a change after the agreement is generated: addendum, accepted, approved, then the record changes', async () => {
    const m = await merchant();
    const sent = await change(m);
    expect(sent.statusCode, sent.body).toBe(200);
    const { addendum } = sent.json();
    expect(addendum).toMatchObject({ source, status: 'pending' });
    let now = await record(m);
    unchanged(now);
    expect(status(now)).toBe('pending');

    // The addendum's PDF parses and says what changes.
    const pdf = await call(t, m.token, 'GET', addendum.file);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(message('generated.addendum.title'));

    // Not reviewable before the merchant accepts it.
    expect((await review(addendum.id, 'Approved')).statusCode).toBe(404);
    const accepted = await accept(m, { source });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(status(accepted.json().merchant)).toBe('accepted');
    unchanged(accepted.json().merchant);
    // Accepting twice: nothing waits for acceptance any more.
    expect((await accept(m, { source })).json()).toEqual({ error: 'Some error occured, please refresh the page.', code: 'ADDENDUM_NOT_OPEN' });

    const queue = (await call(t, reviewer, 'GET', '/api/v1/ops/review-queue')).json().documents as Array<{ kind: string; uuid: string }>;
    expect(queue).toContainEqual(expect.objectContaining({ kind: 'addendum', uuid: addendum.id }));

    const approved = await review(addendum.id, 'Approved');
    expect(approved.statusCode, approved.body).toBe(200);
    now = await record(m);
    changed(now);
    expect(status(now)).toBeNull();
    const [listed] = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).json().addenda;
    expect(listed).toMatchObject({ id: addendum.id, source, status: 'approved' });
  });

  it('a declined addendum leaves the record as it was, with the reason', async () => {
    const m = await merchant();
    const { addendum } = (await change(m)).json();
    expect((await accept(m, { source })).statusCode).toBe(200);
    expect((await review(addendum.id, 'Declined')).statusCode).toBe(422);
    const declined = await review(addendum.id, 'Declined', 'The new details do not match the documents');
    expect(declined.statusCode, declined.body).toBe(200);
    const now = await record(m);
    unchanged(now);
    expect(status(now)).toBe('rejected');
    const [listed] = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).json().addenda;
    expect(listed).toMatchObject({ status: 'declined', remarks: 'The new details do not match the documents' });
  });
});

describe('addendum rules and refusals', () => {
  it('refuses to approve stored new data that no longer passes its schema (a release changed the checks): nothing changes', async () => {
    const m = await merchant();
    const { addendum } = (await SOURCES[0].change(m)).json();
    expect((await accept(m, { source: 'bank' })).statusCode).toBe(200);
    await t.db.query(`update addenda set new_data = new_data - 'ifsc_code' where id = $1`, [addendum.id]);
    const refused = await review(addendum.id, 'Approved');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ new_data: [message('server.addendum.stale')] });
    const now = await record(m);
    SOURCES[0].unchanged(now);
    expect(SOURCES[0].status(now)).toBe('accepted');
    expect((await review(addendum.id, 'Declined', 'Made before the checks changed')).statusCode).toBe(200);
  });

  it('changes the record at once before anything was approved (no addendum)', async () => {
    const m = await merchant({ ...GENERATED, merchant_statuses: [], document_status: null, kyc_status: null, website_detail: { ...WEBSITE, website_approval_status: 'Pending' }, bank_detail: null });
    const gst = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/update_gst_details`, { gst_number: '27AAACN4521K1ZI' });
    expect(gst.json()).toMatchObject({ message: 'GST number updated', addendum: null, merchant: { gst_number: '27AAACN4521K1ZI', gst_addendum_status: null } });
    const address = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, { Registered: ADDRESS_2, Operating: ADDRESS_2 });
    expect(address.json()).toMatchObject({ addendum: null, merchant: { registration_address: ADDRESS_2 } });
    // generate_addendum_data is for changes that need one.
    const needless = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/generate_addendum_data`, { source: 'gst', new_data: { gst_number: '27AAACN4521K1ZI' } });
    expect(needless.json()).toEqual({ error: message('server.addendum.notNeeded'), code: 'ADDENDUM_NOT_NEEDED' });
  });

  it('generate_addendum_data checks the new data as its step does, and refuses the same data', async () => {
    const m = await merchant();
    const generate = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/merchants/${m.uuid}/generate_addendum_data`, headers: { authorization: `Bearer ${m.token}`, ...headers }, payload: body });
    expect((await generate({ source: 'gst', new_data: { gst_number: '27AAACN4521K1Z4' } })).json()).toEqual({ errors: { gst_number: [message('validation.gstin')] } });
    expect((await generate({ source: 'gst', new_data: { gst_number: '27AAACM1234K1ZN' } })).json()).toEqual({ errors: { gst_number: ['The GST number does not match with PAN details provided'] } });
    expect((await generate({ source: 'address', new_data: { Registered: { ...ADDRESS_2, pincode: '05600' } } })).json().errors['Registered.pincode']).toEqual(['Invalid Pincode']);
    expect((await generate({ source: 'address', new_data: { Registered: REGISTERED, Operating: REGISTERED } })).json()).toEqual({ errors: { new_data: [message('server.addendum.same')] } });
    expect((await generate({ source: 'bank', new_data: { holder_name: 'Nimbus Stores', bank_account_number: '50100999999999', ifsc_code: 'SBIN0000300' } })).statusCode).toBe(403);
    expect((await generate({ source: 'website_detail', new_data: { website_url: 'https://user:pw@evil.example.com' } }, { 'alternative-token': await alternativeToken(m, 'update_website_details') })).statusCode).toBe(422);
    expect((await generate({ source: 'nothing', new_data: {} })).statusCode).toBe(422);
    const made = await generate({ source: 'address', new_data: { Registered: ADDRESS_2, Operating: ADDRESS_2 } });
    expect(made.statusCode, made.body).toBe(200);
    // The spec's accept body for an address carries new_address: it must be the addendum's.
    expect((await accept(m, { source: 'address', new_address: { Registered: REGISTERED, Operating: REGISTERED } })).statusCode).toBe(409);
    expect((await accept(m, { source: 'address', new_address: { Registered: ADDRESS_2, Operating: ADDRESS_2 } })).statusCode).toBe(200);
    // While it waits for its review, no other change of the same source is taken.
    const another = await generate({ source: 'address', new_data: { Registered: REGISTERED, Operating: ADDRESS_2 } });
    expect(another.json()).toEqual({ error: message('server.addendum.inReview'), code: 'ADDENDUM_IN_REVIEW' });
  });

  it('a newer change replaces one not yet accepted', async () => {
    const put = (address: Record<string, string>) => call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, { Registered: address, Operating: address });
    const m = await merchant();
    const first = (await put(ADDRESS_2)).json().addendum;
    const second = (await put({ ...ADDRESS_2, address_line: '9, Linking Road' })).json().addendum;
    expect(second.id).not.toBe(first.id);
    const addenda = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).json().addenda;
    expect(addenda).toEqual([expect.objectContaining({ id: second.id, new_data: expect.objectContaining({ registration_address: { ...ADDRESS_2, address_line: '9, Linking Road' } }) })]);
  });

  it('accepting needs update_user_profile; reviewing needs a reviewer; others see nothing', async () => {
    const m = await merchant();
    const { addendum } = (await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/update_gst_details`, { gst_number: '27AAACN4521K1ZI' })).json();
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [m.uuid]);
    expect((await accept(m, { source: 'gst' })).statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [m.uuid]);
    const other = await merchant();
    expect((await call(t, other.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_addendum`, { source: 'gst' })).statusCode).toBe(404);
    expect((await call(t, other.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).statusCode).toBe(404);
    expect((await accept(m, { source: 'gst' })).statusCode).toBe(200);
    expect((await review(addendum.id, 'Approved', undefined, m.token)).statusCode).toBe(403);
    expect((await review(addendum.id, 'Approved', undefined, await signInStaff(t, 'ops_viewer'))).statusCode).toBe(403);
    expect((await record(m)).gst_number).toBeNull();
  });

  it('concurrent changes of one source open one addendum; concurrent reviews decide once', async () => {
    const m = await merchant();
    const sent = await Promise.all(
      ['1', '2', '3', '4', '5'].map((n) => {
        const address = { ...ADDRESS_2, address_line: `${n}, Linking Road` };
        return call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/addresses`, { Registered: address, Operating: address });
      }),
    );
    expect(sent.map((answer) => answer.statusCode).every((code) => code === 200)).toBe(true);
    const open = await t.db.query<{ n: number }>("select count(*)::int as n from addenda where merchant_uuid = $1 and status in ('pending', 'accepted')", [m.uuid]);
    expect(open).toEqual([{ n: 1 }]);
    const { addenda } = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/addenda`)).json();
    expect((await accept(m, { source: 'address' })).statusCode).toBe(200);
    const reviews = await Promise.all([review(addenda[0].id, 'Approved'), review(addenda[0].id, 'Declined', 'Not the address on the documents'), review(addenda[0].id, 'Approved')]);
    expect(reviews.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
  });
});
