import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { manualClock } from '../../server/jobs/clock';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { FAKE_EXE, multipartBody, TINY_PNG } from './multipart';
import { call, patchRecord, signInStaff, signInWithOtp, storedState, testApp, READY_FOR_AGREEMENT, type TestApp } from './testApp';

const clock = manualClock();
let t: TestApp;
let reviewer: string;
beforeAll(async () => {
  t = await testApp({ clock });
  reviewer = await signInStaff(t, 'ops_reviewer');
});
afterAll(() => t.close());

const READY = READY_FOR_AGREEMENT;
/** The fields the app sends with a signed copy (onboarding spec section 7, POST kyc_documents for agreements). */
const COPY = { document_category: 'SERVICE_AGREEMENT', document_type: 'AGR', kyc_document_type: 'Agreement', status: 'Counter Signed Received', active: 'true' };

let count = 0;
interface Merchant {
  token: string;
  uuid: string;
}

/** A company merchant ready for its agreement; generated (the job run) unless `generated` is false. */
async function merchant({ generated = true } = {}): Promise<Merchant> {
  const token = await signInWithOtp(t, `agreement.copy.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).statusCode).toBe(200);
  await patchRecord(t, uuid, READY);
  if (generated) {
    expect((await call(t, token, 'POST', `/api/v1/merchants/${uuid}/generate_agreement`)).statusCode).toBe(202);
    // Other jobs may be due too (notices of an earlier test's reviews): this merchant's agreement is generated.
    await t.app.jobs.runDue();
    expect((await t.db.query<{ state: string }>("select state from jobs where kind = 'agreement.generate' and payload->>'merchant_uuid' = $1", [uuid])).map((job) => job.state)).toEqual(['done']);
  }
  return { token, uuid };
}

function upload(m: Merchant, fields: Record<string, string>, file: { field?: string; filename: string; content: Buffer }, path = 'kyc_documents') {
  const body = multipartBody(fields, [{ field: file.field ?? 'processed_document', filename: file.filename, content: file.content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/${path}`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
}

async function scannedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Signed and stamped');
  return Buffer.from(await pdf.save());
}

const record = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant;
const agreementStatusOf = (merchantRecord: { merchant_statuses: Array<{ status_type: string; status_value: string }> }) =>
  merchantRecord.merchant_statuses.find((entry) => entry.status_type === 'Agreement')?.status_value;
const agreementInForce = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_agreement`)).json().kyc_document;
const review = (m: Merchant, docUuid: string, body: unknown, token = reviewer) => call(t, token, 'POST', `/api/v1/merchants/${m.uuid}/kyc_documents/${docUuid}/review`, body);
const filesOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from stored_files where owner_merchant_uuid = $1', [uuid]))[0]!.n);
const documentsOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from kyc_documents where merchant_uuid = $1', [uuid]))[0]!.n);

describe('the signed and stamped copy of the service agreement', () => {
  it('is uploaded page by page through the documents uploader, reviewed in the queue, and its approval completes the step', async () => {
    const m = await merchant();
    const offered = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_agreement`)).json();
    const generated = offered.kyc_document;
    expect(generated).toMatchObject({ status: 'Pending', kyc_document_type: 'Agreement' });
    // The step is told it may take a copy, through the documents uploader's category (ACCEPT, pages), with the spec's fields.
    expect(offered.signed_copy).toEqual({
      wanted: true,
      category: expect.objectContaining({ code: 'SERVICE_AGREEMENT', uploadLabel: 'ACCEPT', maxFileSizeLimit: 5, subCategory: expect.objectContaining({ uploadMultiple: ['AGR'] }) }),
      fields: COPY,
    });
    expect(offered.agreement_file).toEqual({ path: generated.processed_document.path, filename: 'service-agreement.pdf' });

    // The first page starts a draft of the agreement's category; the second is appended; DONE merges them.
    const first = await upload(m, COPY, { field: 'uploaded_documents', filename: 'page 1.png', content: TINY_PNG });
    expect(first.statusCode, first.body).toBe(201);
    const draft = first.json().attachment.kyc_document_uuid as string;
    const existing = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents/existing_pages?document_category=SERVICE_AGREEMENT&document_type=AGR`)).json();
    expect(existing).toMatchObject({ uuid: draft, uploaded_documents: [{ filename: 'page 1.png' }] });
    const second = await upload(m, {}, { field: 'uploaded_documents', filename: 'page 2.pdf', content: await scannedPdf() }, `kyc_documents/${draft}/append_attachment`);
    expect(second.statusCode, second.body).toBe(201);
    // Still a draft: the generated agreement stays in force, the status unchanged.
    expect((await agreementInForce(m)).uuid).toBe(generated.uuid);
    const merged = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/kyc_documents/${draft}/merge_documents`, {
      document_order: [second.json().attachment.id, first.json().attachment.id],
      document_category: 'SERVICE_AGREEMENT',
      document_type: 'AGR',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().kyc_document).toMatchObject({ uuid: draft, kyc_document_type: 'Agreement', status: 'Counter Signed Received', active: true, record_type: 'Merchant' });
    expect(agreementStatusOf(merged.json().merchant)).toBe('Counter Signed Received');
    const copy = await PDFDocument.load((await call(t, m.token, 'GET', merged.json().kyc_document.processed_document.path)).rawPayload);
    expect(copy.getPageCount()).toBe(2);

    const waiting = await record(m);
    expect(stepFlagsOf(waiting, 'service-agreement')).toMatchObject({ completed: false, reason: 'onboarding.reason.agreementCopyInReview' });
    const inReview = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_agreement`)).json();
    expect(inReview.kyc_document.uuid).toBe(draft);
    expect(inReview.signed_copy.wanted).toBe(false);
    // The agreement to sign on paper is still the generated one.
    expect(inReview.agreement_file.path).toBe(generated.processed_document.path);
    // One copy at a time: another waits until this one is reviewed.
    const again = await upload(m, COPY, { filename: 'again.pdf', content: await scannedPdf() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: message('server.agreement.copyNotWanted'), code: 'AGREEMENT_COPY_NOT_WANTED' });

    // The operations queue shows it with the file to read; only a reviewer decides.
    const queue = (await call(t, reviewer, 'GET', '/api/v1/ops/review-queue')).json().documents as Array<{ uuid: string; kind: string; status: string; document_category: string; category_label: string; file: string }>;
    const queued = queue.find((item) => item.uuid === draft)!;
    expect(queued).toMatchObject({ kind: 'document', status: 'Counter Signed Received', document_category: 'SERVICE_AGREEMENT', category_label: 'Service Agreement' });
    expect((await call(t, reviewer, 'GET', `${queued.file}/view`)).statusCode).toBe(200);
    expect((await call(t, reviewer, 'GET', '/api/v1/ops/review-queue?status=Counter%20Signed%20Received')).json().documents.map((item: { uuid: string }) => item.uuid)).toContain(draft);
    expect((await review(m, draft, { status: 'Approved' }, m.token)).statusCode).toBe(403);
    expect((await review(m, draft, { status: 'Approved' }, await signInStaff(t, 'ops_viewer'))).statusCode).toBe(403);

    const approved = await review(m, draft, { status: 'Approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().kyc_document).toMatchObject({ status: 'Approved', active: true });
    const done = await record(m);
    expect(agreementStatusOf(done)).toBe('Approved');
    expect(done.is_service_agreement_esigned).toBe(false);
    expect(stepFlagsOf(done, 'service-agreement')).toMatchObject({ completed: true, todo: false });
    // Reviewed: out of the queue, not reviewed twice, and the signed agreement takes no other copy.
    expect((await call(t, reviewer, 'GET', '/api/v1/ops/review-queue')).json().documents.map((item: { uuid: string }) => item.uuid)).not.toContain(draft);
    expect((await review(m, draft, { status: 'Declined', remarks: 'Changed my mind' })).statusCode).toBe(404);
    expect((await upload(m, COPY, { filename: 'late.pdf', content: await scannedPdf() })).statusCode).toBe(409);
  });

  it('declined, it leaves the step incomplete with the reviewer\'s reason, and is uploaded again as one file', async () => {
    const m = await merchant();
    expect((await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/accept_service_agreement`)).statusCode).toBe(200);
    const sent = await upload(m, COPY, { filename: 'signed agreement.pdf', content: await scannedPdf() });
    expect(sent.statusCode, sent.body).toBe(201);
    const copy = sent.json().kyc_document;
    expect(copy).toMatchObject({ kyc_document_type: 'Agreement', status: 'Counter Signed Received', active: true, processed_document: { filename: 'signed agreement.pdf' } });
    expect(agreementStatusOf(sent.json().merchant)).toBe('Counter Signed Received');

    expect((await review(m, copy.uuid, { status: 'Declined' })).statusCode).toBe(422);
    const declined = await review(m, copy.uuid, { status: 'Declined', remarks: 'The company stamp is missing on page 3.' });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await record(m);
    expect(agreementStatusOf(after)).toBe('Rejected');
    expect(stepFlagsOf(after, 'service-agreement')).toMatchObject({ completed: false, incomplete: true, todo: true, reason: 'onboarding.reason.agreementCopyDeclined' });
    expect(await agreementInForce(m)).toMatchObject({ uuid: copy.uuid, status: 'Declined', remarks: 'The company stamp is missing on page 3.' });
    // The e-sign path needs the accepted agreement in force: not this declined copy.
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_merged_document_for_esign`)).statusCode).toBe(409);

    const again = await upload(m, COPY, { filename: 'stamped.png', content: TINY_PNG });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().kyc_document.status).toBe('Counter Signed Received');
    expect(agreementStatusOf(await record(m))).toBe('Counter Signed Received');
  });

  it('refuses a file whose content is not a PDF, PNG or JPEG, whatever its name, and stores nothing', async () => {
    const m = await merchant();
    const before = { files: await filesOf(m.uuid), documents: await documentsOf(m.uuid), state: await storedState(t, m.uuid) };
    const answer = await upload(m, COPY, { filename: 'signed.pdf', content: FAKE_EXE });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.file).toEqual(['Error: only PDF, PNG and JPG files are allowed']);
    const page = await upload(m, COPY, { field: 'uploaded_documents', filename: 'page.png', content: FAKE_EXE });
    expect(page.statusCode).toBe(422);
    expect({ files: await filesOf(m.uuid), documents: await documentsOf(m.uuid), state: await storedState(t, m.uuid) }).toEqual(before);
  });

  it('refuses a copy without the agreement\'s category, another class or status, or before the agreement is generated', async () => {
    const m = await merchant();
    const pdf = await scannedPdf();
    const { document_category: _category, ...withoutCategory } = COPY;
    const missing = await upload(m, withoutCategory, { filename: 'signed.pdf', content: pdf });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ document_category: [message('documents.notAsked')] });
    const otherCategory = await upload(m, { ...COPY, document_category: 'SC' }, { filename: 'signed.pdf', content: pdf });
    expect(otherCategory.json().errors).toEqual({ document_category: [message('documents.notAsked')] });
    const approvedByClient = await upload(m, { ...COPY, status: 'Approved' }, { filename: 'signed.pdf', content: pdf });
    expect(approvedByClient.statusCode).toBe(422);
    expect(approvedByClient.json().errors).toEqual({ status: [message('server.agreement.copyFieldsInvalid')] });
    expect((await upload(m, { ...COPY, kyc_document_type: 'Addendum' }, { filename: 'signed.pdf', content: pdf })).json().errors).toEqual({ kyc_document_type: [message('server.agreement.copyFieldsInvalid')] });
    expect((await upload(m, { ...COPY, active: 'false' }, { filename: 'signed.pdf', content: pdf })).json().errors).toEqual({ active: [message('server.agreement.copyFieldsInvalid')] });
    // Without the agreement's class, the agreement's category is a KYC document this merchant is not asked for.
    const { kyc_document_type: _kind, ...asKyc } = COPY;
    expect((await upload(m, asKyc, { filename: 'signed.pdf', content: pdf })).json().errors).toEqual({ document_category: [message('documents.notAsked')] });
    expect(agreementStatusOf(await record(m))).toBe('Pending');

    const early = await merchant({ generated: false });
    const before = await documentsOf(early.uuid);
    const refused = await upload(early, COPY, { filename: 'signed.pdf', content: pdf });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('AGREEMENT_COPY_NOT_WANTED');
    expect(await documentsOf(early.uuid)).toBe(before);
  });

  it('is refused for another merchant, and to a member without the permission to change documents', async () => {
    const m = await merchant();
    const stranger = await merchant();
    const pdf = await scannedPdf();
    const body = multipartBody(COPY, [{ field: 'processed_document', filename: 'signed.pdf', content: pdf }]);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/kyc_documents`, headers: { authorization: `Bearer ${stranger.token}`, ...body.headers }, payload: body.payload });
    expect(foreign.statusCode).toBe(404);
    // A draft of one merchant is nobody else's to add to, merge or delete.
    const draft = (await upload(m, COPY, { field: 'uploaded_documents', filename: 'page.png', content: TINY_PNG })).json().attachment.kyc_document_uuid as string;
    expect((await upload(stranger, {}, { field: 'uploaded_documents', filename: 'page.png', content: TINY_PNG }, `kyc_documents/${draft}/append_attachment`)).statusCode).toBe(404);
    expect((await call(t, stranger.token, 'PUT', `/api/v1/merchants/${stranger.uuid}/kyc_documents/${draft}/merge_documents`, { document_order: [1] })).statusCode).toBe(404);
    expect((await call(t, stranger.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${draft}`)).statusCode).toBe(404);
    // Its own merchant may cancel the draft (the uploader's YES).
    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${draft}`)).statusCode).toBe(204);

    await t.db.query(`update memberships set permissions = '{view_profile}' where merchant_uuid = $1`, [m.uuid]);
    const noPermission = await upload(m, COPY, { filename: 'signed.pdf', content: pdf });
    expect(noPermission.statusCode).toBe(403);
    // The restricted profile permission edits documents, so it uploads the copy too (accepting and e-signing need more).
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [m.uuid]);
    expect((await upload(m, COPY, { filename: 'signed.pdf', content: pdf })).statusCode).toBe(201);
  });
});
