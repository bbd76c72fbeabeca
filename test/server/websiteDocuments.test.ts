import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { FAKE_EXE, multipartBody, TINY_PNG } from './multipart';
import { call, patchRecord, signInStaff, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
let reviewer: string;
beforeAll(async () => {
  t = await testApp();
  reviewer = await signInStaff(t, 'ops_reviewer');
});
afterAll(() => t.close());

/** The categories these tests ask for (schemas/documents/website-documents.json) and the website document type's id. */
const DOMAIN_OWNERSHIP = 33;
const REFUND_POLICY = 31;
const WD = '30';

let count = 0;
interface Merchant {
  token: string;
  uuid: string;
  website: string;
}

/** A company merchant with a verified PAN whose website was sent and waits for its review. */
async function merchantInReview(): Promise<Merchant> {
  const token = await signInWithOtp(t, `website.docs.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).statusCode).toBe(200);
  const website = randomUUID();
  await patchRecord(t, uuid, {
    integration_type: 'THIRD_PARTY',
    website_detail: {
      uuid: website,
      website_url: 'https://www.sharmastores.in',
      android_url: null,
      ios_url: null,
      website_url_invalid: false,
      android_url_invalid: false,
      ios_url_invalid: false,
      website_approval_status: 'Pending',
      liveliness_status: 'live',
      domain_status_by_merchant: 'active',
      addendum_status: null,
      comments: [],
      file: null,
      req_doc_category: null,
      website_document_categories: [],
    },
  });
  return { token, uuid, website };
}

const reviewWebsite = (m: Merchant, body: unknown, token = reviewer) => call(t, token, 'POST', `/api/v1/ops/websites/${m.uuid}/review`, body);
function sendDocument(m: Merchant, fields: Record<string, string>, file?: { filename: string; content: Buffer }, token = m.token, website = m.website) {
  const body = multipartBody(fields, file ? [{ field: 'processed_document', filename: file.filename, content: file.content }] : []);
  return t.app.inject({ method: 'POST', url: `/api/v1/website_details/${website}/create_website_documents`, headers: { authorization: `Bearer ${token}`, ...body.headers }, payload: body.payload });
}
const submit = (m: Merchant, token = m.token, website = m.website) => call(t, token, 'POST', `/api/v1/website_details/${website}/submit_website_documents`);
const listed = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/website_details/${m.website}/website_documents`)).json();
const record = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant;
const queuedWebsite = async (m: Merchant) =>
  ((await call(t, reviewer, 'GET', `/api/v1/ops/review-queue?category=WEBSITE&merchant=${m.uuid}`)).json().documents as Array<{ uuid: string; documents: Array<{ category_label: string; status: string; file: string; filename: string }> }>).find(
    (item) => item.uuid === m.uuid,
  );
const filesOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from stored_files where owner_merchant_uuid = $1', [uuid]))[0]!.n);

async function pdf(text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]).drawText(text);
  return Buffer.from(await document.save());
}

describe('website documents', () => {
  it('the reviewer asks for a document; the merchant uploads and submits it; the website returns to the queue with it, and is approved', async () => {
    const m = await merchantInReview();
    const asked = await reviewWebsite(m, { status: 'Website Incomplete', comment: 'Please send proof that you own the domain.', req_doc_category: DOMAIN_OWNERSHIP });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().merchant.website_detail).toMatchObject({
      website_approval_status: 'Website Incomplete',
      req_doc_category: DOMAIN_OWNERSHIP,
      website_document_categories: [{ id: DOMAIN_OWNERSHIP, name: 'Proof of domain ownership', status: null }],
      comments: [{ commenter: 'reviewer', comment: 'Please send proof that you own the domain.' }],
    });
    expect(stepFlagsOf(asked.json().merchant, 'website-details')).toMatchObject({ incomplete: true, reason: 'onboarding.reason.websiteDocumentWanted' });
    expect(await queuedWebsite(m)).toBeUndefined();

    expect(await listed(m)).toMatchObject({
      document_type_id: 30,
      categories: [{ id: DOMAIN_OWNERSHIP, code: 'DOMAIN_OWNERSHIP', label: 'Proof of domain ownership', maxFileSizeLimit: 5, subCategory: null, requested: true, upload_state: null }],
    });
    // Nothing uploaded yet: nothing to submit.
    const early = await submit(m);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ error: message('documents.missing', { documents: 'Proof of domain ownership' }), missing: ['DOMAIN_OWNERSHIP'] });

    const uploaded = await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP), document_type_id: WD }, { filename: 'domain invoice.pdf', content: await pdf('Invoice') });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const document = uploaded.json().kyc_document;
    expect(document).toMatchObject({
      record_type: 'WebsiteDetail',
      kyc_document_type: 'KYC',
      document_category: 'DOMAIN_OWNERSHIP',
      document_category_id: DOMAIN_OWNERSHIP,
      document_type: 'WD',
      document_type_id: 30,
      status: 'Pending',
      active: true,
      processed_document: { filename: 'domain invoice.pdf' },
    });
    expect(uploaded.json().website_detail).toMatchObject({ file: document.processed_document.path, website_document_categories: [{ id: DOMAIN_OWNERSHIP, status: 'Pending' }] });
    // Replaced before it is sent: the newer file is the one in force.
    const replaced = await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP), document_type_id: WD }, { filename: 'whois.png', content: TINY_PNG });
    expect(replaced.statusCode).toBe(201);
    expect((await listed(m)).categories[0].upload_state).toMatchObject({ status: 'Pending', file: { filename: 'whois.png' }, replaceable: true, removable: false });

    // A website document is the website's: not among the Documents tab's, nor deleted as one of them.
    const kyc = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).json();
    expect([...kyc.required, ...kyc.optional].map((category: { code: string }) => category.code)).not.toContain('DOMAIN_OWNERSHIP');
    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${replaced.json().kyc_document.uuid}`)).statusCode).toBe(404);

    const submitted = await submit(m);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().message).toBe('Thanks for providing document. We will get back to you.');
    expect(submitted.json().website_detail).toMatchObject({
      website_approval_status: 'Verification in Process',
      req_doc_category: null,
      website_document_categories: [{ id: DOMAIN_OWNERSHIP, status: 'DOCUMENT_SUBMITTED' }],
    });
    expect(stepFlagsOf(submitted.json().merchant, 'website-details')).toMatchObject({ incomplete: false, completed: false, reason: 'onboarding.reason.websiteInReview' });
    // Sent: no longer replaceable, and nothing more to send.
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, { filename: 'late.png', content: TINY_PNG })).statusCode).toBe(422);
    expect((await submit(m)).statusCode).toBe(409);

    // Back in the queue with its file, which the reviewer reads; the document queue does not list it on its own.
    const queued = await queuedWebsite(m);
    expect(queued?.documents).toEqual([{ category_label: 'Proof of domain ownership', status: 'DOCUMENT_SUBMITTED', file: expect.stringMatching(/^\/api\/v1\/files\//), filename: 'whois.png', byte_size: TINY_PNG.length }]);
    expect((await call(t, reviewer, 'GET', `${queued!.documents[0]!.file}/view`)).statusCode).toBe(200);
    expect((await call(t, reviewer, 'GET', '/api/v1/ops/review-queue')).json().documents.filter((item: { kind: string; uuid: string }) => item.kind === 'document' && item.uuid === replaced.json().kyc_document.uuid)).toEqual([]);
    // It is reviewed with its website, not by the document review call.
    expect((await call(t, reviewer, 'POST', `/api/v1/merchants/${m.uuid}/kyc_documents/${replaced.json().kyc_document.uuid}/review`, { status: 'Approved' })).statusCode).toBe(404);

    const approved = await reviewWebsite(m, { status: 'Website OK' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().merchant.website_detail).toMatchObject({ website_approval_status: 'Website OK', req_doc_category: null, website_document_categories: [{ id: DOMAIN_OWNERSHIP, status: 'Approved' }] });
    expect(stepFlagsOf(approved.json().merchant, 'website-details')).toMatchObject({ completed: true });
    expect((await listed(m)).categories[0]).toMatchObject({ requested: false, upload_state: { status: 'Approved', replaceable: false } });
  });

  it('a disapproval declines the documents sent with the website; asked again, the merchant re-uploads it', async () => {
    const m = await merchantInReview();
    await reviewWebsite(m, { status: 'Website Incomplete', req_doc_category: REFUND_POLICY });
    expect((await sendDocument(m, { document_category_id: String(REFUND_POLICY), document_type_id: WD }, { filename: 'refund.pdf', content: await pdf('Refunds') })).statusCode).toBe(201);
    expect((await submit(m)).statusCode).toBe(200);
    const declined = await reviewWebsite(m, { status: 'Website Error', comment: 'The refund policy has no timelines.', req_doc_category: REFUND_POLICY });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().merchant.website_detail).toMatchObject({ req_doc_category: REFUND_POLICY, website_document_categories: [{ id: REFUND_POLICY, status: 'Declined' }] });
    const [category] = (await listed(m)).categories;
    expect(category).toMatchObject({ requested: true, upload_state: { status: 'Declined', remarks: 'The refund policy has no timelines.', replaceable: true } });

    expect((await sendDocument(m, { document_category_id: String(REFUND_POLICY) }, { filename: 'refund v2.pdf', content: await pdf('Refunds in 7 days') })).statusCode).toBe(201);
    const resent = await submit(m);
    expect(resent.json().website_detail.website_document_categories).toEqual([{ id: REFUND_POLICY, name: 'Refund policy', status: 'DOCUMENT_REUPLOADED' }]);
    await reviewWebsite(m, { status: 'Website OK' });
    const approved = await record(m);
    expect(approved.website_detail.website_document_categories[0].status).toBe('Approved');

    // Sent for review again and asked for the same document: the approved one is kept for the record, inactive, and a
    // new one is awaited.
    await patchRecord(t, m.uuid, { website_detail: { ...approved.website_detail, website_approval_status: 'Pending' } });
    const askedAgain = await reviewWebsite(m, { status: 'Website Incomplete', req_doc_category: REFUND_POLICY });
    expect(askedAgain.json().merchant.website_detail.website_document_categories).toEqual([{ id: REFUND_POLICY, name: 'Refund policy', status: null }]);
    expect((await listed(m)).categories[0]).toMatchObject({ requested: true, upload_state: null });
    expect((await sendDocument(m, { document_category_id: String(REFUND_POLICY) }, { filename: 'refund v3.png', content: TINY_PNG })).statusCode).toBe(201);
    const kept = await t.db.query<{ status: string; active: boolean }>("select status, active from kyc_documents where merchant_uuid = $1 and record_type = 'WebsiteDetail' order by created_at", [m.uuid]);
    expect(kept).toEqual([
      { status: 'Declined', active: false },
      { status: 'Approved', active: false },
      { status: 'Pending', active: true },
    ]);
  });

  it('refuses a file whose content is not a PDF, PNG or JPEG, a missing or unasked category, another type, and stores nothing', async () => {
    const m = await merchantInReview();
    await reviewWebsite(m, { status: 'Website Incomplete', req_doc_category: DOMAIN_OWNERSHIP });
    const before = { files: await filesOf(m.uuid), state: await storedState(t, m.uuid) };
    const exe = await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP), document_type_id: WD }, { filename: 'invoice.pdf', content: FAKE_EXE });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors).toEqual({ file: ['Error: only PDF, PNG and JPG files are allowed'] });
    const missing = await sendDocument(m, { document_type_id: WD }, { filename: 'invoice.png', content: TINY_PNG });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ document_category_id: [message('validation.required')] });
    const notAsked = await sendDocument(m, { document_category_id: String(REFUND_POLICY) }, { filename: 'refund.png', content: TINY_PNG });
    expect(notAsked.json().errors).toEqual({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    expect((await sendDocument(m, { document_category_id: '999' }, { filename: 'x.png', content: TINY_PNG })).json().errors).toEqual({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP), document_type_id: '9' }, { filename: 'x.png', content: TINY_PNG })).json().errors).toEqual({ document_type_id: [message('documents.typeRequired')] });
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) })).json().errors).toEqual({ file: [message('upload.missing')] });
    expect({ files: await filesOf(m.uuid), state: await storedState(t, m.uuid) }).toEqual(before);

    // Nothing asked: nothing taken, nothing to submit.
    const quiet = await merchantInReview();
    expect((await sendDocument(quiet, { document_category_id: String(DOMAIN_OWNERSHIP) }, { filename: 'x.png', content: TINY_PNG })).json().errors).toEqual({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    expect((await submit(quiet)).statusCode).toBe(409);
  });

  it('is refused on another merchant\'s website and to a member without the permission to change documents', async () => {
    const m = await merchantInReview();
    await reviewWebsite(m, { status: 'Website Incomplete', req_doc_category: DOMAIN_OWNERSHIP });
    const stranger = await merchantInReview();
    const file = { filename: 'invoice.png', content: TINY_PNG };
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, file, stranger.token)).statusCode).toBe(404);
    expect((await submit(m, stranger.token)).statusCode).toBe(404);
    expect((await call(t, stranger.token, 'GET', `/api/v1/website_details/${m.website}/website_documents`)).statusCode).toBe(404);
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, file, m.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, file, reviewer)).statusCode).toBe(404);

    await t.db.query(`update memberships set permissions = '{view_profile}' where merchant_uuid = $1`, [m.uuid]);
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, file)).statusCode).toBe(403);
    expect((await submit(m)).statusCode).toBe(403);
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [m.uuid]);
    expect((await sendDocument(m, { document_category_id: String(DOMAIN_OWNERSHIP) }, file)).statusCode).toBe(201);
  });

  it('asks for documents only with a disapproval, and only of the website document categories', async () => {
    const m = await merchantInReview();
    const onApproval = await reviewWebsite(m, { status: 'Website OK', req_doc_category: DOMAIN_OWNERSHIP });
    expect(onApproval.statusCode).toBe(422);
    expect(onApproval.json().errors).toEqual({ req_doc_category: [message('ops.queue.websiteDocumentOnApproval')] });
    const unknown = await reviewWebsite(m, { status: 'Website Incomplete', req_doc_category: 999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ req_doc_category: [message('ops.queue.websiteDocumentUnknown')] });
    expect((await record(m)).website_detail.website_approval_status).toBe('Pending');
    const categories = (await call(t, reviewer, 'GET', '/api/v1/document_categories_and_types')).json().website_document_categories as Array<{ id: number; label: string }>;
    expect(categories.map((category) => category.id)).toEqual([31, 32, 33, 34, 35]);
  });
});
