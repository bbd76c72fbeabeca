import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/jobs/clock';
import { multipartBody } from './multipart';
import { call, latestOtp, patchRecord, signInStaff, signInWithOtp, testApp, READY_FOR_AGREEMENT, type TestApp } from './testApp';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ clock });
});
afterAll(() => t.close());

const LETTER = 'SIGNED_AUTHORISATION_LETTER';
const SC = 'SC';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let count = 0;
/** A Private Limited company (it owes the letter and Schedule C) whose agreement was generated and accepted; its director at `email`. */
async function acceptedAgreement() {
  const email = `director.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, `esign.${count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  expect((await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).statusCode).toBe(200);
  const account = (await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant.account_uuid as string;
  await patchRecord(t, uuid, {
    ...READY_FOR_AGREEMENT,
    account: {
      uuid: account,
      signatory_contact_details: [
        { id: 1, name: 'Asha Verma', email, pancard_number: 'ABCPV1234K', cin_number: 'U72200MH2009PTC123456', authorised_signatory: true, contact_detail_type: 'Signing Authority', pep: 3 },
      ],
    },
  });
  const m = { token, uuid, email };
  expect((await call(t, token, 'POST', `/api/v1/merchants/${uuid}/generate_agreement`)).statusCode).toBe(202);
  await t.app.jobs.runDue();
  expect((await call(t, token, 'POST', `/api/v1/merchants/${uuid}/accept_service_agreement`)).statusCode).toBe(200);
  return m;
}
type Merchant = Awaited<ReturnType<typeof acceptedAgreement>>;

const review = (m: Merchant) => call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generate_merged_document_for_esign`);
const bytesOf = async (m: Merchant, path: string) => (await call(t, m.token, 'GET', path)).rawPayload;
const rows = async (m: Merchant) => (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).json().required as Array<{ code: string; upload_state: { kyc_document_uuid: string; status: string; file: { path: string } } | null; esign_with_agreement: string | null }>;
const rowOf = async (m: Merchant, code: string) => (await rows(m)).find((row) => row.code === code)!;

/** The signatory's OTP sent, verified, and the e-sign call made with its token. */
async function esign(m: Merchant, documentUuid: string) {
  expect((await call(t, m.token, 'POST', `/api/v1/kyc_documents/${documentUuid}/send_signatory_otp`)).statusCode).toBe(200);
  const verified = await call(t, m.token, 'POST', '/api/v1/verifiy_signatory_otp', { otp: { kyc_document_uuid: documentUuid, code: await latestOtp(t.db, m.email) } });
  expect(verified.statusCode, verified.body).toBe(200);
  clock.advance(60_000);
  return call(t, m.token, 'POST', `/api/v1/kyc_documents/${documentUuid}/esign_merged_document`, { otp: verified.json().esign_token });
}

function uploadSigned(m: Merchant, category: string, content: Buffer) {
  const body = multipartBody({ document_category: category }, [{ field: 'processed_document', filename: 'signed-by-hand.pdf', content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/kyc_documents`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
}

async function handSignedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Signed on paper', { x: 40, y: 800, size: 14 });
  return Buffer.from(await pdf.save());
}

describe('e-signing the authorisation letter and Schedule C with the service agreement', () => {
  it('one OTP signs all three: each gets a signature page, is filed in its category and its signature recorded', async () => {
    const m = await acceptedAgreement();
    expect((await rowOf(m, LETTER)).esign_with_agreement).toBe('offered');
    expect((await rowOf(m, SC)).esign_with_agreement).toBe('offered');
    expect((await rowOf(m, 'PANCARD_COMPANY')).esign_with_agreement).toBeNull();

    const answer = await review(m);
    expect(answer.statusCode, answer.body).toBe(200);
    const { kyc_document: agreement, documents, kept } = answer.json();
    expect(documents.map((document: { document_category: string; title: string }) => [document.document_category, document.title])).toEqual([
      [LETTER, 'Authorisation Letter'],
      [SC, 'Schedule C'],
    ]);
    expect(kept).toEqual([]);
    // The files read are the files signed: a second look answers the same ones.
    expect((await review(m)).json().documents).toEqual(documents);
    const toSign = new Map<string, Buffer>();
    for (const document of documents as Array<{ document_category: string; path: string }>) toSign.set(document.document_category, await bytesOf(m, document.path));

    const signed = await esign(m, agreement.uuid);
    expect(signed.statusCode, signed.body).toBe(200);
    const [otpMail] = await t.db.query<{ body: string }>('select body from sandbox_messages where recipient = $1 order by id desc limit 1', [m.email]);
    expect(otpMail!.body).toContain('and with it: Authorisation Letter, Schedule C.');
    expect(signed.json().merchant).toMatchObject({ is_service_agreement_esigned: true });
    const filed = signed.json().documents as Array<{ document_category: string; kyc_document_uuid: string; processed_document: { path: string; filename: string } }>;
    expect(filed.map((document) => [document.document_category, document.processed_document.filename])).toEqual([
      [LETTER, 'authorisation-letter-signed.pdf'],
      [SC, 'schedule-c-signed.pdf'],
    ]);
    const records = await t.db.query<{ document_category: string; kyc_document_uuid: string; signed_sha256: string; signed_at: Date; signed_by: { name: string; email: string } }>(
      'select document_category, kyc_document_uuid, signed_sha256, signed_at, signed_by from esigned_documents where merchant_uuid = $1 order by document_category',
      [m.uuid],
    );
    for (const document of filed) {
      const bytes = await bytesOf(m, document.processed_document.path);
      const pdf = await PDFDocument.load(bytes);
      const original = await PDFDocument.load(toSign.get(document.document_category)!);
      // The pages read, then the signature page, naming the SHA-256 of what was read.
      expect(pdf.getPageCount()).toBe(original.getPageCount() + 1);
      expect(pdf.getKeywords()).toBe(`e-signed sha256:${sha256(toSign.get(document.document_category)!)}`);
      const record = records.find((row) => row.document_category === document.document_category)!;
      expect(record).toMatchObject({ kyc_document_uuid: document.kyc_document_uuid, signed_sha256: sha256(bytes), signed_by: { name: 'Asha Verma', email: m.email } });
      expect(new Date(record.signed_at).getTime()).toBe(clock.now().getTime());
      // On the Documents tab: the category's document, not yet sent for review, e-signed.
      const row = await rowOf(m, document.document_category);
      expect(row.upload_state).toMatchObject({ kyc_document_uuid: document.kyc_document_uuid, status: 'Pending' });
      expect(row.esign_with_agreement).toBe('signed');
    }
    const [event] = await t.db.query<{ detail: { together: string[] } }>(`select detail from kyc_document_events where merchant_uuid = $1 and action = 'agreement.esigned'`, [m.uuid]);
    expect(event!.detail.together).toEqual(['Payment Gateway Service Agreement', 'Authorisation Letter', 'Schedule C']);
    // A reviewer sees them as any document sent for review (once the merchant sends them).
    const reviewer = await signInStaff(t, 'ops_reviewer');
    expect((await call(t, reviewer, 'GET', `${filed[0]!.processed_document.path}/view`)).statusCode).toBe(200);
  });

  it('leaves a signed copy the merchant uploaded as it is, before the review or between the review and the e-sign', async () => {
    const m = await acceptedAgreement();
    const scUpload = await uploadSigned(m, SC, await handSignedPdf());
    expect(scUpload.statusCode, scUpload.body).toBe(201);
    const scBefore = (await rowOf(m, SC)).upload_state!;
    expect((await rowOf(m, SC)).esign_with_agreement).toBeNull();

    const answer = (await review(m)).json();
    expect(answer.documents.map((document: { document_category: string }) => document.document_category)).toEqual([LETTER]);
    expect(answer.kept).toEqual([{ document_category: SC, title: 'Schedule C' }]);
    // The letter uploaded after the review, before the e-sign: kept too.
    expect((await uploadSigned(m, LETTER, await handSignedPdf())).statusCode).toBe(201);
    const letterBefore = (await rowOf(m, LETTER)).upload_state!;

    const signed = await esign(m, answer.kyc_document.uuid);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().documents).toEqual([]);
    expect((await rowOf(m, SC)).upload_state).toEqual(scBefore);
    expect((await rowOf(m, LETTER)).upload_state).toEqual(letterBefore);
    expect((await rowOf(m, LETTER)).esign_with_agreement).toBeNull();
    expect(await t.db.query('select 1 from esigned_documents where merchant_uuid = $1 and kyc_document_uuid is not null', [m.uuid])).toEqual([]);
  });

  it('an e-signed letter may still be replaced by a signed copy; the record of its signature stays', async () => {
    const m = await acceptedAgreement();
    const signed = await esign(m, (await review(m)).json().kyc_document.uuid);
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await uploadSigned(m, LETTER, await handSignedPdf())).statusCode).toBe(201);
    expect((await rowOf(m, LETTER)).esign_with_agreement).toBeNull();
    const [record] = await t.db.query<{ kyc_document_uuid: string | null; signed_sha256: string | null }>('select kyc_document_uuid, signed_sha256 from esigned_documents where merchant_uuid = $1 and document_category = $2', [m.uuid, LETTER]);
    expect(record).toMatchObject({ kyc_document_uuid: null, signed_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('only who may e-sign: a member without update_user_profile signs and files nothing; another merchant cannot read the letter to sign', async () => {
    const m = await acceptedAgreement();
    const answer = (await review(m)).json();
    expect((await call(t, m.token, 'POST', `/api/v1/kyc_documents/${answer.kyc_document.uuid}/send_signatory_otp`)).statusCode).toBe(200);
    const verified = await call(t, m.token, 'POST', '/api/v1/verifiy_signatory_otp', { otp: { kyc_document_uuid: answer.kyc_document.uuid, code: await latestOtp(t.db, m.email) } });
    await t.db.query(`update memberships set permissions = '{update_profile_restricted}' where merchant_uuid = $1`, [m.uuid]);
    expect((await review(m)).statusCode).toBe(403);
    const refused = await call(t, m.token, 'POST', `/api/v1/kyc_documents/${answer.kyc_document.uuid}/esign_merged_document`, { otp: verified.json().esign_token });
    expect(refused.statusCode).toBe(403);
    expect((await rowOf(m, LETTER)).upload_state).toBeNull();
    expect((await rowOf(m, SC)).upload_state).toBeNull();

    const stranger = await acceptedAgreement();
    expect((await call(t, stranger.token, 'GET', answer.documents[0].path)).statusCode).toBe(404);
    expect((await call(t, stranger.token, 'POST', `/api/v1/kyc_documents/${answer.kyc_document.uuid}/esign_merged_document`, { otp: 'x' })).statusCode).toBe(404);
  });
});
