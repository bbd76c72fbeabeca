import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, call, patchRecord, signInWithOtp, storedState, testApp, type TestApp } from '../testApp';

let t: TestApp;
let token: string;
let uuid: string;
let mid: number;
let accountId: string;
let stranger: { uuid: string; mid: number };

const PAN = 'AAACN4521K';
const ADDRESS = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const SIGNATORY = { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', pep: 3 };
const OWNERS = [
  { id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 40 },
  { id: 2, name: 'Ravi Rao', pancard_number: 'BCDPR2345G', ownership_percentage: 20 },
];
const A_UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** Every call that names a merchant, with a body valid enough to reach the merchant lookup (`id` URL-encoded as needed). */
const MERCHANT_ID_CALLS: Array<{ route: string; send(id: string): Promise<LightMyRequestResponse>; documentId?: true }> = [
  { route: 'GET /api/v1/merchants/:id', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}`) },
  { route: 'PUT /api/v1/merchants/:id', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } }) },
  { route: 'PUT /api/v1/merchants/:id/addresses', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/addresses`, { Registered: ADDRESS, Operating: ADDRESS }) },
  { route: 'POST /api/v1/merchants/:id/bank_details', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/bank_details`, { bank_detail: {} }) },
  { route: 'POST /api/v1/merchants/:id/bank_details/bank_verification_by_bank_proof', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/bank_details/bank_verification_by_bank_proof`, {}) },
  { route: 'GET /api/v1/merchants/:id/merchant_docs_req', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/merchant_docs_req`) },
  { route: 'GET /api/v1/merchants/:id/kyc_documents', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/kyc_documents`) },
  { route: 'GET /api/v1/merchants/:id/fetch_display_name', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/fetch_display_name`) },
  { route: 'POST /api/v1/merchants/:id/kyc_documents', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc_documents`, {}) },
  { route: 'POST /api/v1/merchants/:id/upload_authority_letter', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/upload_authority_letter`, {}) },
  { route: 'GET /api/v1/merchants/:id/kyc_documents/existing_pages', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/kyc_documents/existing_pages?document_category=SC`) },
  { route: 'POST /api/v1/merchants/:id/kyc_documents/:docId/append_attachment', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc_documents/${A_UUID}/append_attachment`, {}), documentId: true },
  { route: 'DELETE /api/v1/merchants/:id/kyc_documents/:docId', send: (id) => call(t, token, 'DELETE', `/api/v1/merchants/${id}/kyc_documents/${A_UUID}`), documentId: true },
  { route: 'DELETE /api/v1/merchants/:id/kyc_documents/:docId/attachment', send: (id) => call(t, token, 'DELETE', `/api/v1/merchants/${id}/kyc_documents/${A_UUID}/attachment`, { file_ids: [1] }), documentId: true },
  { route: 'PUT /api/v1/merchants/:id/kyc_documents/:docId/merge_documents', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/kyc_documents/${A_UUID}/merge_documents`, { document_order: [1] }), documentId: true },
  { route: 'POST /api/v1/merchants/:id/submit_documents', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/submit_documents`) },
  { route: 'POST /api/v1/merchants/:id/receive_all_docs', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/receive_all_docs`) },
  { route: 'POST /api/v1/merchants/:id/final_doc_submit', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/final_doc_submit`) },
  { route: 'GET /api/v1/merchants/:id/generated_agreements', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generated_agreements`) },
  { route: 'GET /api/v1/merchants/:id/document_status_verification', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/document_status_verification`) },
  { route: 'GET /api/v1/merchants/:id/get_signatory_details', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/get_signatory_details`) },
  { route: 'GET /api/v1/merchants/:id/generate_authority_letter', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generate_authority_letter`) },
  { route: 'GET /api/v1/merchants/:id/generate_schedule_c_document', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generate_schedule_c_document`) },
  { route: 'GET /api/v1/merchants/:id/generate_beneficiary_list', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generate_beneficiary_list`) },
  { route: 'GET /api/v1/merchants/:id/aadhaar_disclaimer', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/aadhaar_disclaimer`) },
  { route: 'POST /api/v1/merchants/:id/aadhaar_disclaimer', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/aadhaar_disclaimer`) },
  { route: 'GET /api/v1/merchants/:id/kyc/kyc_status', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/kyc/kyc_status`) },
  { route: 'POST /api/v1/merchants/:id/kyc/aadhaar_consent', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc/aadhaar_consent`, { consent: true }) },
  { route: 'POST /api/v1/merchants/:id/kyc/aadhaar_send_otp', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc/aadhaar_send_otp`, { aadhaar_number: '234123412346' }) },
  { route: 'POST /api/v1/merchants/:id/kyc/aadhaar_verify_otp', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc/aadhaar_verify_otp`, { aadhaar_number: '234123412346', otp: '000000' }) },
  { route: 'POST /api/v1/merchants/:id/kyc/aadhaar_xml', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc/aadhaar_xml`, {}) },
  { route: 'POST /api/v1/merchants/:id/kyc/ckyc', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/kyc/ckyc`, { dob: '1985-05-05' }) },
  { route: 'POST /api/v1/merchants/:id/website_details', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/website_details`, { website_detail: { integration_type: 'TOOLS' } }) },
  { route: 'POST /api/v1/merchants/:id/generate_agreement', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/generate_agreement`) },
  { route: 'GET /api/v1/merchants/:id/generate_agreement', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generate_agreement`) },
  { route: 'GET /api/v1/merchants/:id/generate_merged_document_for_esign', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/generate_merged_document_for_esign`) },
  { route: 'POST /api/v1/merchants/:id/accept_service_agreement', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/accept_service_agreement`) },
  { route: 'POST /api/v1/merchants/:id/assessment_responses', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/assessment_responses`, { assessment_responses: [{ assessment_question_id: 1, selected_options: [101] }] }) },
  { route: 'POST /api/v1/merchants/:id/cs_plans/starter', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/cs_plans/starter`) },
  { route: 'PUT /api/v1/merchants/:id/update_merchant_product', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/update_merchant_product`, { product: 'PayUbiz', terms_accepted: true }) },
  { route: 'POST /api/v1/merchants/:id/cs_plans/generate_payment_params', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/cs_plans/generate_payment_params`, { cs_plan_name: 1 }) },
  { route: 'GET /api/v1/merchants/:id/acl_roles', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/acl_roles`) },
  { route: 'POST /api/v1/merchants/:id/acl_roles', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/acl_roles`, ROLE_BODY) },
  { route: 'PUT /api/v1/merchants/:id/acl_roles/:roleId', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/acl_roles/1`, ROLE_BODY), documentId: true },
  { route: 'DELETE /api/v1/merchants/:id/acl_roles/:roleId', send: (id) => call(t, token, 'DELETE', `/api/v1/merchants/${id}/acl_roles/1`), documentId: true },
  { route: 'PUT /api/v1/merchants/:id/acl_roles/:roleId/move_assoc_to_new_role/:newRoleId', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/acl_roles/1/move_assoc_to_new_role/2`), documentId: true },
  { route: 'GET /api/v1/merchants/:id/staff_invites', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/staff_invites`) },
  { route: 'POST /api/v1/merchants/:id/staff_invites', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/staff_invites`, { email: 'bad.ids@example.com', acl_role_id: 1, name: 'Bad Ids' }), documentId: true },
  { route: 'PUT /api/v1/merchants/:id/staff_invites/:inviteId', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/staff_invites/1`, { acl_role_id: 1, name: 'Bad Ids' }), documentId: true },
  { route: 'DELETE /api/v1/merchants/:id/staff_invites/:inviteId', send: (id) => call(t, token, 'DELETE', `/api/v1/merchants/${id}/staff_invites/1`), documentId: true },
  { route: 'GET /api/v1/merchants/:id/addenda', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/addenda`) },
  { route: 'PUT /api/v1/merchants/:id/generate_addendum_data', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/generate_addendum_data`, { source: 'gst', new_data: { gst_number: '27AAACN4521K1ZI' } }) },
  { route: 'POST /api/v1/merchants/:id/accept_addendum', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/accept_addendum`, { source: 'gst' }) },
  { route: 'PUT /api/v1/merchants/:id/update_gst_details', send: (id) => call(t, token, 'PUT', `/api/v1/merchants/${id}/update_gst_details`, { gst_number: '27AAACN4521K1ZI' }) },
  { route: 'GET /api/v1/merchants/:id/bank_update_timing', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/bank_update_timing`) },
  { route: 'POST /api/v1/merchants/:id/verify_penny', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/verify_penny`, { penny_amount: '1.00' }) },
  { route: 'POST /api/v1/merchants/:id/bank_details/upi_verifications', send: (id) => call(t, token, 'POST', `/api/v1/merchants/${id}/bank_details/upi_verifications`, {}) },
  { route: 'GET /api/v1/merchants/:id/bank_details/upi_verifications/:uuid', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/bank_details/upi_verifications/${A_UUID}`), documentId: true },
  { route: 'DELETE /api/v1/merchants/:id/ultimate_beneficiaries/:beneficiaryId', send: (id) => call(t, token, 'DELETE', `/api/v1/merchants/${id}/ultimate_beneficiaries/2`) },
  { route: 'POST /api/v1/dvs_wrapper/:id/pan_gst_details', send: (id) => call(t, token, 'POST', `/api/v1/dvs_wrapper/${id}/pan_gst_details`, { pan_number: PAN }) },
  { route: 'POST /api/v1/dvs_wrapper/:id/gstin_details', send: (id) => call(t, token, 'POST', `/api/v1/dvs_wrapper/${id}/gstin_details`, { gstin: '27AAACN4521K1Z5' }) },
  { route: 'POST /api/v1/dvs_wrapper/:id/shop_details', send: (id) => call(t, token, 'POST', `/api/v1/dvs_wrapper/${id}/shop_details`, { reg_no: 'SH202411', area_code: 'MH' }) },
  { route: 'POST /api/v1/dvs_wrapper/:id/signing_authority_details', send: (id) => call(t, token, 'POST', `/api/v1/dvs_wrapper/${id}/signing_authority_details`, { cin: 'U72200MH2009PTC123456' }) },
  { route: 'GET /api/v1/dvs_wrapper/:id/registered_companies', send: (id) => call(t, token, 'GET', `/api/v1/dvs_wrapper/${id}/registered_companies`) },
  { route: 'POST /api/v1/dvs_wrapper/:id/company_details', send: (id) => call(t, token, 'POST', `/api/v1/dvs_wrapper/${id}/company_details`, { cin: 'U72200MH2009PTC123456' }) },
  { route: 'GET /api/v1/accounts/:id?merchant_uuid', send: (id) => call(t, token, 'GET', `/api/v1/accounts/${accountId}?merchant_uuid=${id}`) },
  { route: 'GET /api/v1/oauth/token/info?mid', send: (id) => call(t, token, 'GET', `/api/v1/oauth/token/info?mid=${id}`) },
  // The owner's merchant is made an aggregator below, so its children list is reached by its own ids.
  { route: 'GET /api/v1/merchants/:id/children', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/children`) },
  { route: 'GET /api/v1/merchants/:id/children/:childId', send: (id) => call(t, token, 'GET', `/api/v1/merchants/${id}/children/${A_UUID}`), documentId: true },
];

/** A role body the schema accepts (the merchant id is what is tried). */
const ROLE_BODY = { acl_role: { name: 'Bad ids', acl_permission_uuids: ['772fd470-11be-49ff-bcdb-6fd5dca65018'] } };

/** PUT /accounts/{id} names its merchant in the body, where the body schema's uuid format may refuse a bad id first (422). */
const putAccountFor = (merchantUuid: string) =>
  call(t, token, 'PUT', `/api/v1/accounts/${accountId}`, { merchant_uuid: merchantUuid, account: { signatory_contact_details_attributes: [SIGNATORY] } });

/** Merchant ids that are neither a uuid (8-4-4-4-12 hex) nor a mid (decimal, 1 to 2^63-1). */
const BAD_MERCHANT_IDS = [
  'a'.repeat(36),
  '-'.repeat(36),
  'g'.repeat(8) + '-0000-0000-0000-' + '0'.repeat(12),
  '0000-0000-0000-0000-0000-0000-000000',
  A_UUID.replaceAll('-', ''),
  `{${A_UUID}}`,
  `urn:uuid:${A_UUID}`,
  `${A_UUID}0`,
  ` ${A_UUID}`,
  '9223372036854775808',
  '99999999999999999999',
  '1'.repeat(99),
  '0',
  '-1',
  '0x1',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '1.0',
  '１',
  '١',
  'null',
];
/** Ids of a merchant that does not exist, at the edges of the formats. */
const UNKNOWN_IDS = ['9223372036854775807', '00000000-0000-0000-0000-000000000000'];
/** Beneficial-owner ids that are not plain decimal: none of them may reach owner 1. */
const BAD_OWNER_IDS = ['0x1', '0X1', '0b1', '0o1', '1e0', ' 1', '1 ', '+1', '1.0', '01', '0', '-1', 'Infinity', '1_0', '9007199254740993', '99999999999999999999'];

const NOT_FOUND = { error: 'The requested record was not found.', code: 'NOT_FOUND' };

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'bad.ids.owner@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
  const pan = (await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } })).json().merchant;
  ({ mid, account_uuid: accountId } = pan);
  await patchRecord(t, uuid, { ubo_exist: true, ultimate_beneficiaries: OWNERS, merchant_type: 'aggregator' });
  const strangerToken = await signInWithOtp(t, 'bad.ids.stranger@example.com');
  const strangers = (await call(t, strangerToken, 'GET', '/api/v1/merchants')).json().merchants;
  stranger = { uuid: strangers[0].uuid, mid: strangers[0].mid };
});
afterAll(() => t.close());

describe('malformed ids', () => {
  it('covers every route with an id in its path (the pincode and IFSC lookups check their codes themselves; a file id: bankProof.test.ts)', () => {
    // The staff review names a merchant without a membership: its refusals are in kycDocuments.test.ts. The operations
    // console's ids are version numbers and fixture names, not merchants: opsRequirements.test.ts. A website's uuid: website.test.ts
    // and websiteDocuments.test.ts; an agreement's document uuid: agreements.test.ts.
    const covered = new Set([
      ...MERCHANT_ID_CALLS.map(({ route }) => route.replace(/\?.*/, '')),
      'PUT /api/v1/accounts/:id',
      'POST /api/v1/merchants/:id/kyc_documents/:docId/review',
      'PUT /api/v1/website_details/:uuid/domain_status',
      'POST /api/v1/website_details/:uuid/comments',
      'GET /api/v1/website_details/:uuid/website_documents',
      'POST /api/v1/website_details/:uuid/create_website_documents',
      'POST /api/v1/website_details/:uuid/submit_website_documents',
      'GET /api/v1/kyc_document/:id/generated_agreement_html',
      'POST /api/v1/kyc_documents/:docUuid/send_signatory_otp',
      'POST /api/v1/kyc_documents/:docUuid/esign_merged_document',
      // A sandbox payment's transaction id (not a merchant's): plans.test.ts settles it once and refuses unknown ones.
      'POST /sandbox/payment/:txnid',
      // A sandbox UPI payment request's reference (not a merchant's): upiVerifications.test.ts.
      'GET /sandbox/upi/:reference',
      'POST /sandbox/upi/:reference',
    ]);
    const withIds = appRoutes(t.app).filter((route) => route.includes('/:') && !route.includes(':pin') && !route.includes(':ifsc') && !route.startsWith('GET /api/v1/files/') && !route.includes('/api/v1/ops/'));
    expect(withIds.length).toBeGreaterThanOrEqual(11);
    expect(withIds.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(MERCHANT_ID_CALLS)('$route answers 404 to every malformed or unknown merchant id', async ({ send }) => {
    const answers = await Promise.all([...BAD_MERCHANT_IDS, ...UNKNOWN_IDS].map(async (id) => ({ id, response: await send(encodeURIComponent(id)) })));
    const wrong = answers.filter(({ response }) => response.statusCode !== 404).map(({ id, response }) => `${JSON.stringify(id)}: ${response.statusCode}`);
    expect(wrong).toEqual([]);
    for (const { response } of answers) expect(response.json()).toEqual(NOT_FOUND);
  });

  it('PUT /api/v1/accounts/:id refuses a malformed merchant_uuid in its body (422 by the uuid format, else 404), never 5xx', async () => {
    for (const id of [...BAD_MERCHANT_IDS, ...UNKNOWN_IDS]) {
      const response = await putAccountFor(id);
      expect([404, 422], `${JSON.stringify(id)}: ${response.statusCode}`).toContain(response.statusCode);
    }
    expect((await putAccountFor(`urn:uuid:${A_UUID}`)).statusCode).toBe(404);
  });

  it('answers 404 to a merchant id given twice in a query string', async () => {
    expect((await call(t, token, 'GET', `/api/v1/accounts/${accountId}?merchant_uuid=${uuid}&merchant_uuid=${uuid}`)).statusCode).toBe(404);
    expect((await call(t, token, 'GET', `/api/v1/oauth/token/info?mid=${mid}&mid=${mid}`)).statusCode).toBe(404);
  });

  it('answers 404 to an account id that is not the merchant account, malformed or not', async () => {
    for (const id of [...BAD_MERCHANT_IDS, ...UNKNOWN_IDS]) {
      expect((await call(t, token, 'GET', `/api/v1/accounts/${encodeURIComponent(id)}?merchant_uuid=${uuid}`)).statusCode).toBe(404);
      const put = await call(t, token, 'PUT', `/api/v1/accounts/${encodeURIComponent(id)}`, {
        merchant_uuid: uuid,
        account: { signatory_contact_details_attributes: [SIGNATORY] },
      });
      expect(put.statusCode).toBe(404);
    }
  });

  it('deletes a beneficial owner only by its plain decimal id: 0x1, 1e0, " 1" and the like are 404, owner 1 stays', async () => {
    const before = await storedState(t, uuid);
    for (const id of BAD_OWNER_IDS) {
      const response = await call(t, token, 'DELETE', `/api/v1/merchants/${uuid}/ultimate_beneficiaries/${encodeURIComponent(id)}`);
      expect(response.statusCode, JSON.stringify(id)).toBe(404);
    }
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it('reaches the merchant with its own uuid and mid (the calls above were refused for their ids, not their bodies)', async () => {
    const reached = (status: number) => status !== 404 && status < 500;
    // A call naming a document of the merchant's answers 404 for the made-up document even with the right merchant;
    // kycDocuments.test.ts reaches those with real documents.
    for (const { route, send } of MERCHANT_ID_CALLS.filter((entry) => !entry.documentId)) {
      expect(reached((await send(uuid)).statusCode), route).toBe(true);
      if (!route.includes('ultimate_beneficiaries')) expect(reached((await send(String(mid))).statusCode), route).toBe(true);
    }
  });
});

describe("another merchant's id", () => {
  it.each(MERCHANT_ID_CALLS)("$route answers another merchant's uuid and mid exactly like an unknown id", async ({ send }) => {
    const unknown = await send(UNKNOWN_IDS[1]!);
    expect(unknown.statusCode).toBe(404);
    for (const id of [stranger.uuid, String(stranger.mid), UNKNOWN_IDS[0]!]) {
      const response = await send(id);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: unknown.json() });
    }
  });

  it("PUT /api/v1/accounts/:id answers another merchant's uuid like an unknown one", async () => {
    const unknown = await putAccountFor(UNKNOWN_IDS[1]!);
    const other = await putAccountFor(stranger.uuid);
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 404, body: unknown.json() });
  });
});
