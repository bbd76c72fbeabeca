import { expect } from 'vitest';
import { createSession } from '../../../server/auth/sessions';
import { emptyWebsiteDetail } from '../../../server/routes/website';
import { ENDPOINTS } from '../permissions/endpoints';
import type { MatrixApp } from '../permissions/roleMatrix';
import { PROOF_WANTED_BANK_DETAIL, companyBankForm, call, patchRecord, signInWithOtp, type TestApp } from '../testApp';
import { kycReadyMerchant } from './kycReadyMerchant';
import { validMultipart, type BaseRequest, type MultipartForm } from './hostileRequests';

/** A route as the fuzz calls it: its well-formed request, and who sends it. */
export interface FuzzTarget {
  base: BaseRequest;
  /** The caller's token, or null; a fresh session each time for a call that ends its caller's session. */
  session(): Promise<string | null>;
  /** The token goes in the `bearer.` WebSocket subprotocol (GET /cable), not an Authorization header. */
  tokenAsSubprotocol: boolean;
  /** The well-formed request's ids may name nothing (a made-up id the route answers 404 for). */
  notFoundOk: boolean;
}

interface Merchant {
  token: string;
  uuid: string;
}

const PAN = 'AAACN4521K';
const COMPANY_BANK = companyBankForm();
/** That bank form as the record keeps it once sent (its test deposit by IMPS). */
const BANK_DETAIL = { id: 1, bank_account_number: '50100123456789', ifsc_code: 'HDFC0000001', holder_name: 'NIMBUS STORES PRIVATE LIMITED', penny_deposit_method: 'IMPS', addendum_status: null, bank_verification_proof: null };
const OWNERS = [
  { id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 40 },
  { id: 2, name: 'Ravi Rao', pancard_number: 'BCDPR2345G', ownership_percentage: 20 },
];
const SIGNATORY = { name: 'Asha Verma', email: 'asha.verma@example.com', pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456' };
/** The website document the reviewer asks for (schemas/documents/website-documents.json: DOMAIN_OWNERSHIP). */
const ASKED_WEBSITE_DOCUMENT = 33;
/** A host of another product than the business gateway the merchants sign up on (schemas/master/product-variants.json). */
const MONEY_HOST = 'money.localhost';

/** A new merchant whose company PAN is verified. */
async function panVerified(t: TestApp, identity: string): Promise<Merchant> {
  const token = await signInWithOtp(t, identity);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const pan = await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: PAN, business_entity_id: 6 } });
  expect(pan.statusCode, pan.body).toBe(200);
  return { token, uuid };
}

/** Before the business details: PAN verified, signatory given, two beneficial owners, plans open. */
async function profileStage(t: TestApp, identity: string): Promise<Merchant & { account: string }> {
  const merchant = await kycReadyMerchant(t, identity);
  await patchRecord(t, merchant.uuid, { ubo_exist: true, ultimate_beneficiaries: OWNERS, is_cs_eligible: true });
  const account = (await call(t, merchant.token, 'GET', `/api/v1/merchants/${merchant.uuid}`)).json().merchant.account_uuid as string;
  return { ...merchant, account };
}

/** The test deposit landed, its amount not entered yet. */
async function pennyLanded(t: TestApp, identity: string): Promise<Merchant> {
  const merchant = await panVerified(t, identity);
  await patchRecord(t, merchant.uuid, { bank_detail: { ...BANK_DETAIL, bank_verification_status: 'pending', penny_deposit_status: 'SUCCESS', penny_attempt_left: 3 } });
  await t.db.query("insert into penny_deposits (merchant_uuid, bank_detail_id, reference, method, status, amount_paise) values ($1, 1, $2, 'IMPS', 'SUCCESS', 237)", [merchant.uuid, `fuzz-${identity}`]);
  return merchant;
}

/** The test deposits used up: a bank proof is wanted (once uploaded, it waits for the staff's review). */
async function proofWanted(t: TestApp, identity: string): Promise<Merchant> {
  const merchant = await panVerified(t, identity);
  await patchRecord(t, merchant.uuid, { bank_detail: PROOF_WANTED_BANK_DETAIL });
  return merchant;
}

/** A website sent for review, which the reviewer (`staff`) answered by asking for a document. */
async function websiteDocumentAsked(t: TestApp, identity: string, staff: string): Promise<Merchant & { website: string }> {
  const merchant = await panVerified(t, identity);
  const detail: Record<string, unknown> = { ...emptyWebsiteDetail(), website_url: 'https://www.sharmastores.in', website_approval_status: 'Pending', liveliness_status: 'live', domain_status_by_merchant: 'active' };
  await patchRecord(t, merchant.uuid, { integration_type: 'THIRD_PARTY', website_detail: detail });
  const asked = await call(t, staff, 'POST', `/api/v1/ops/websites/${merchant.uuid}/review`, { status: 'Website Incomplete', req_doc_category: ASKED_WEBSITE_DOCUMENT });
  expect(asked.statusCode, asked.body).toBe(200);
  return { ...merchant, website: String(detail.uuid) };
}

/** Two categories the merchant is asked for that take no document type: one for whole uploads, one holding a draft of a page. */
async function documentsStage(t: TestApp, merchant: Merchant): Promise<{ wholeCategory: string; draftCategory: string; draft: string }> {
  const asks = (await call(t, merchant.token, 'GET', `/api/v1/merchants/${merchant.uuid}/merchant_docs_req`)).json() as { required: Array<{ code: string; template: unknown; subCategory: { value: unknown[] } | null }> };
  const untyped = asks.required.filter((category) => !category.template && !category.subCategory?.value.length).map((category) => category.code);
  expect(untyped.length, 'categories asked of the merchant that take no document type').toBeGreaterThanOrEqual(2);
  const [wholeCategory, draftCategory] = untyped as [string, string];
  const page = validMultipart({ fields: { document_category: draftCategory }, fileField: 'uploaded_documents' });
  const drafted = await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${merchant.uuid}/kyc_documents`, headers: { authorization: `Bearer ${merchant.token}`, ...page.headers }, payload: page.payload });
  expect(drafted.statusCode, drafted.body).toBe(201);
  return { wholeCategory, draftCategory, draft: drafted.json().attachment.kyc_document_uuid as string };
}

/** What the operations console sends: a version (the published body, with a `when` that always holds on a requirement, so it passes the fixtures) and a stored fixture's body. */
async function consoleBodies(t: TestApp, staff: string): Promise<{ version: unknown; fixture: unknown }> {
  const published = (await call(t, staff, 'GET', '/api/v1/ops/document-requirements')).json().published.body as { documents: { requirements: Array<Record<string, unknown>> } };
  const [first, ...rest] = published.documents.requirements;
  const when = { and: [{ '!=': [{ var: 'merchant.business_entity_id' }, 0] }] };
  const version = { ...published, documents: { ...published.documents, requirements: [{ ...first, when }, ...rest] } };
  const fixture = (await call(t, staff, 'GET', '/api/v1/ops/document-requirements/fixtures')).json().fixtures[0].body as unknown;
  return { version, fixture };
}

/** Where a route's caller and request differ from the matrix's. */
type Stage = { merchant?: Merchant } & Omit<BaseRequest, 'route'>;

/**
 * The merchants at the stages the routes need, beside the matrix's (an agreement generated, an aggregator with a
 * website), so that a well-formed call of each route gets past its state checks (no 409) and names real ids, and the
 * hostile calls reach what the route reads. Gives each route's target, made when its turn comes (some stages are set
 * again then), and the routes staged here; a route not staged is called as the matrix calls it, by the matrix
 * merchant's owner (an operations route by an ops_admin).
 */
export async function fuzzTargets(m: MatrixApp): Promise<{ targetOf(route: string): Promise<FuzzTarget>; stagedRoutes: string[] }> {
  const { t, fixture, tokens } = m;
  const staff = tokens.ops_admin!;
  const tag = Date.now();
  const owner: Merchant = { token: tokens.owner!, uuid: fixture.uuid };
  const profile = await profileStage(t, `fuzz.profile.${tag}@example.com`);
  const penny = await pennyLanded(t, `fuzz.penny.${tag}@example.com`);
  const proof = await proofWanted(t, `fuzz.proof.${tag}@example.com`);
  const website = await websiteDocumentAsked(t, `fuzz.website.${tag}@example.com`, staff);
  const terms = await panVerified(t, `fuzz.terms.${tag}@example.com`);
  const upi = await panVerified(t, `fuzz.upi.${tag}@example.com`);
  const documents = await documentsStage(t, owner);
  const opsBodies = await consoleBodies(t, staff);

  const of = (merchant: Merchant, path: string) => `/api/v1/merchants/${merchant.uuid}${path}`;
  const form = (fields: Record<string, string>, fileField = 'processed_document'): MultipartForm => ({ fields, fileField });
  const VERSIONS = '/api/v1/ops/document-requirements/versions';
  const FIXTURES = '/api/v1/ops/document-requirements/fixtures';
  const staged: Record<string, () => Promise<Stage>> = {
    'PUT /api/v1/merchants/:id': async () => ({
      merchant: profile,
      url: of(profile, ''),
      json: { merchant: { business_category_id: 2, business_sub_category_id: 201, monthly_expected_volume: '30001-60000', ultimate_beneficiaries: OWNERS } },
    }),
    'PUT /api/v1/accounts/:id': async () => ({ merchant: profile, url: `/api/v1/accounts/${profile.account}`, json: { merchant_uuid: profile.uuid, account: { signatory_contact_details_attributes: [SIGNATORY] } } }),
    'DELETE /api/v1/merchants/:id/ultimate_beneficiaries/:beneficiaryId': async () => {
      // The owners as they were: the fuzz of the business details may have replaced them.
      await patchRecord(t, profile.uuid, { ultimate_beneficiaries: OWNERS });
      return { merchant: profile, url: of(profile, '/ultimate_beneficiaries/2') };
    },
    'POST /api/v1/merchants/:id/bank_details': async () => ({ merchant: profile, url: of(profile, '/bank_details'), json: { bank_detail: COMPANY_BANK } }),
    'POST /api/v1/merchants/:id/cs_plans/starter': async () => ({ merchant: profile, url: of(profile, '/cs_plans/starter') }),
    'POST /api/v1/merchants/:id/cs_plans/generate_payment_params': async () => ({ merchant: profile, url: of(profile, '/cs_plans/generate_payment_params'), json: { cs_plan_name: 1 } }),
    'POST /api/v1/merchants/:id/verify_penny': async () => ({ merchant: penny, url: of(penny, '/verify_penny'), json: { penny_amount: '1.00' } }),
    'POST /api/v1/merchants/:id/bank_details/upi_verifications': async () => ({ merchant: upi, url: of(upi, '/bank_details/upi_verifications'), json: {} }),
    'POST /api/v1/merchants/:id/bank_details/bank_verification_by_bank_proof': async () => ({ merchant: proof, url: of(proof, '/bank_details/bank_verification_by_bank_proof'), form: form({ proof_type: 'CC' }, 'file') }),
    'POST /api/v1/ops/bank-proofs/:id/review': async () => ({ url: `/api/v1/ops/bank-proofs/${proof.uuid}/review`, json: { status: 'Approved' } }),
    'POST /api/v1/website_details/:uuid/create_website_documents': async () => ({
      merchant: website,
      url: `/api/v1/website_details/${website.website}/create_website_documents`,
      form: form({ document_category_id: String(ASKED_WEBSITE_DOCUMENT), document_type_id: '30' }),
    }),
    'POST /api/v1/website_details/:uuid/submit_website_documents': async () => ({ merchant: website, url: `/api/v1/website_details/${website.website}/submit_website_documents` }),
    'POST /api/v1/ops/websites/:id/review': async () => ({ url: `/api/v1/ops/websites/${website.uuid}/review`, json: { status: 'Website OK', comment: 'Fine now.' } }),
    'PUT /api/v1/merchants/:id/update_merchant_product': async () => ({ merchant: terms, url: of(terms, '/update_merchant_product'), headers: { host: MONEY_HOST }, json: { product: 'PayUmoney', terms_accepted: true } }),
    'POST /api/v1/merchants/:id/accept_addendum': async () => {
      // The addendum the call accepts, opened again (the fuzz of generate_addendum_data may have replaced it).
      const opened = await call(t, owner.token, 'PUT', of(owner, '/generate_addendum_data'), { source: 'gst', new_data: { gst_number: '27AAACN4521K1ZI' } });
      expect(opened.statusCode, opened.body).toBe(200);
      return { url: of(owner, '/accept_addendum'), json: { source: 'gst' } };
    },
    'POST /api/v1/ops/addenda/:id/review': async () => {
      const [accepted] = await t.db.query<{ id: string }>("select id from addenda where merchant_uuid = $1 and status = 'accepted'", [owner.uuid]);
      expect(accepted, 'the addendum accept_addendum accepted').toBeDefined();
      return { url: `/api/v1/ops/addenda/${accepted!.id}/review`, json: { status: 'Approved' } };
    },
    'GET /api/v1/merchants/:id/children/:childId': async () => {
      const child = await panVerified(t, `fuzz.child.${tag}@example.com`);
      await t.db.query('update merchants set parent_uuid = $2 where uuid = $1', [child.uuid, owner.uuid]);
      return { url: of(owner, `/children/${child.uuid}`) };
    },
    'POST /api/v1/merchants/:id/kyc_documents': async () => ({ url: of(owner, '/kyc_documents'), form: form({ document_category: documents.wholeCategory }) }),
    'POST /api/v1/merchants/:id/upload_authority_letter': async () => ({ url: of(owner, '/upload_authority_letter'), form: form({}) }),
    'POST /api/v1/merchants/:id/kyc_documents/:docId/append_attachment': async () => ({ url: of(owner, `/kyc_documents/${documents.draft}/append_attachment`), form: form({}, 'uploaded_documents') }),
    'PUT /api/v1/merchants/:id/kyc_documents/:docId/merge_documents': async () => {
      const pages = (await call(t, owner.token, 'GET', of(owner, `/kyc_documents/existing_pages?document_category=${documents.draftCategory}`))).json().uploaded_documents as Array<{ id: number }>;
      return { url: of(owner, `/kyc_documents/${documents.draft}/merge_documents`), json: { document_order: pages.map((item) => item.id) } };
    },
    'POST /api/v1/merchants/:id/kyc/aadhaar_xml': async () => ({ url: of(owner, '/kyc/aadhaar_xml'), form: form({ share_code: '1234' }, 'file') }),
    'POST /api/v1/ops/document-requirements/versions': async () => ({ url: VERSIONS, json: { body: opsBodies.version, note: 'Route fuzz' } }),
    'POST /api/v1/ops/document-requirements/versions/:v/publish': async () => {
      const created = await call(t, staff, 'POST', VERSIONS, { body: opsBodies.version, note: 'Route fuzz: to publish' });
      expect(created.statusCode, created.body).toBe(201);
      return { url: `${VERSIONS}/${created.json().version}/publish` };
    },
    // Version 1, retired by the publish before.
    'POST /api/v1/ops/document-requirements/versions/:v/rollback': async () => ({ url: `${VERSIONS}/1/rollback` }),
    'PUT /api/v1/ops/document-requirements/fixtures/:name': async () => ({ url: `${FIXTURES}/Route%20fuzz`, json: { body: opsBodies.fixture } }),
    'DELETE /api/v1/ops/document-requirements/fixtures/:name': async () => {
      const saved = await call(t, staff, 'PUT', `${FIXTURES}/Route%20fuzz%20to%20delete`, { body: opsBodies.fixture });
      expect(saved.statusCode, saved.body).toBe(200);
      return { url: `${FIXTURES}/Route%20fuzz%20to%20delete` };
    },
  };

  const targetOf = async (route: string): Promise<FuzzTarget> => {
    const endpoint = ENDPOINTS[route];
    if (!endpoint) throw new Error(`${route} is not in test/server/permissions/endpoints.ts`);
    const stage = await staged[route]?.();
    const matrix = endpoint.request(fixture);
    const base: BaseRequest = stage ? { route, url: stage.url, headers: stage.headers, json: stage.json, form: stage.form } : { route, url: matrix.url, headers: matrix.headers, json: matrix.payload };
    const token = endpoint.access.kind === 'staff' ? staff : (stage?.merchant ?? owner).token;
    return {
      base,
      session: async () => (endpoint.endsSession ? (await createSession(t.db, m.userIds.owner!, 3600)).access_token : token),
      tokenAsSubprotocol: endpoint.tokenAsSubprotocol === true,
      notFoundOk: !stage && endpoint.notFoundOk === true,
    };
  };
  return { targetOf, stagedRoutes: Object.keys(staged) };
}
