import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { FAKE_EXE, multipartBody, TINY_PNG } from './multipart';
import { PROOF_WANTED_BANK_DETAIL, call, patchRecord, signInStaff, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
const exhausted = PROOF_WANTED_BANK_DETAIL;

/** A merchant with a verified PAN and a bank detail whose test deposit attempts are exhausted (a proof is wanted). */
async function merchantWantingProof(bankDetail: Record<string, unknown> = exhausted) {
  const token = await signInWithOtp(t, `proof.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  await patchRecord(t, uuid, { bank_detail: bankDetail });
  return { token, uuid };
}

const sendProof = (m: { token: string; uuid: string }, fields: Record<string, string>, file?: { filename: string; content: Buffer }) => {
  const body = multipartBody(fields, file ? [{ field: 'file', ...file }] : []);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${m.uuid}/bank_details/bank_verification_by_bank_proof`,
    headers: { authorization: `Bearer ${m.token}`, ...body.headers },
    payload: body.payload,
  });
};
const filesOf = async (uuid: string) => t.db.query<{ name: string; byte_size: number }>('select name, byte_size from stored_files where owner_merchant_uuid = $1', [uuid]);
const bankOf = async (uuid: string) =>
  (await t.db.query<{ record: { bank_detail: Record<string, unknown> } }>('select record from merchants where uuid = $1', [uuid]))[0]!.record.bank_detail;

async function statementPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText('Statement of account 50100123456789, IFSC HDFC0000001');
  return Buffer.from(await pdf.save());
}

describe('POST /merchants/{id}/bank_details/bank_verification_by_bank_proof', () => {
  it('takes a bank statement as a PDF: pending with the proof type, the file readable by its merchant only', async () => {
    const m = await merchantWantingProof();
    const content = await statementPdf();
    const answer = await sendProof(m, { proof_type: 'BS' }, { filename: '../../etc/My Statement\u0007.PDF', content });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe('Proof Submitted sucessfully! - Bank details proof received. We will verify it within the next 24-48 hours.');
    const bank = await bankOf(m.uuid);
    expect(bank).toMatchObject({ bank_verification_status: 'pending', bank_verification_proof: 'BS' });
    expect(await filesOf(m.uuid)).toEqual([{ name: 'My Statement.pdf', byte_size: content.length }]);

    const download = await call(t, m.token, 'GET', `/api/v1/files/${bank.bank_verification_proof_file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers).toMatchObject({ 'content-type': 'application/pdf', 'x-content-type-options': 'nosniff' });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const stranger = await merchantWantingProof();
    expect((await call(t, stranger.token, 'GET', `/api/v1/files/${bank.bank_verification_proof_file_id}`)).statusCode).toBe(404);
    for (const id of ['nonsense', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '%00']) {
      expect((await call(t, m.token, 'GET', `/api/v1/files/${encodeURIComponent(id)}`)).json()).toEqual({ error: message('error.notFound'), code: 'NOT_FOUND' });
    }
    // A proof is being reviewed: no second one.
    expect((await sendProof(m, { proof_type: 'CC' }, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(409);
  });

  it('takes a cancelled cheque photo like the other proofs', async () => {
    const m = await merchantWantingProof({ ...exhausted, bank_verification_status: 'need_bank_proof_doc' });
    const answer = await sendProof(m, { proof_type: 'CC' }, { filename: 'cheque.png', content: TINY_PNG });
    expect(answer.statusCode).toBe(200);
    expect(await bankOf(m.uuid)).toMatchObject({ bank_verification_status: 'pending', bank_verification_proof: 'CC' });
  });

  it.each([
    ['a Windows program renamed .pdf', 'proof.pdf', FAKE_EXE, 'Error: only PDF, PNG and JPG files are allowed'],
    ['a text file named .png', 'cheque.png', Buffer.from('not really an image, just text\n'.repeat(20)), 'Error: only PDF, PNG and JPG files are allowed'],
    ['a file that starts like a PDF but does not parse', 'statement.pdf', Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(200)), message('upload.unreadable')],
    ['an empty file', 'empty.pdf', Buffer.alloc(0), message('upload.empty')],
  ])('refuses %s by its content, storing nothing', async (_name, filename, content, text) => {
    const m = await merchantWantingProof();
    const answer = await sendProof(m, { proof_type: 'BS' }, { filename, content });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { file: [text] } });
    expect(await filesOf(m.uuid)).toEqual([]);
    expect(await bankOf(m.uuid)).toEqual(exhausted);
  });

  it('refuses a file of 5 MB or more while it streams, storing nothing', async () => {
    const m = await merchantWantingProof();
    const big = Buffer.concat([await statementPdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const answer = await sendProof(m, { proof_type: 'BS' }, { filename: 'big.pdf', content: big });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { file: ['Error: File size exceeded, should be less than 5MB'] } });
    expect(await filesOf(m.uuid)).toEqual([]);
  });

  it('refuses an unknown or missing proof type, and a missing file', async () => {
    const m = await merchantWantingProof();
    expect((await sendProof(m, { proof_type: 'XX' }, { filename: 'cheque.png', content: TINY_PNG })).json()).toEqual({ errors: { proof_type: [message('bankProof.typeRequired')] } });
    expect((await sendProof(m, {}, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(422);
    expect((await sendProof(m, { proof_type: 'BS' })).json()).toEqual({ errors: { file: [message('upload.missing')] } });
    expect(await filesOf(m.uuid)).toEqual([]);
  });

  it('refuses a proof for a verified bank, and callers who are not members', async () => {
    const verified = await merchantWantingProof({ ...exhausted, bank_verification_status: 'verified' });
    expect((await sendProof(verified, { proof_type: 'BS' }, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(409);
    const m = await merchantWantingProof();
    const other = await merchantWantingProof();
    expect((await sendProof({ token: other.token, uuid: m.uuid }, { proof_type: 'BS' }, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(404);
    expect((await sendProof({ token: 'nonsense', uuid: m.uuid }, { proof_type: 'BS' }, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(401);
    expect(await filesOf(m.uuid)).toEqual([]);
  });

  it('keeps one proof of a burst of concurrent ones', async () => {
    const m = await merchantWantingProof();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendProof(m, { proof_type: 'PB' }, { filename: 'passbook.png', content: TINY_PNG })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await filesOf(m.uuid)).toHaveLength(1);
  });
});

describe('the operations review of a bank proof (POST /ops/bank-proofs/{uuid}/review)', () => {

  const queue = async (token: string) =>
    (await call(t, token, 'GET', '/api/v1/ops/review-queue?category=BANK_PROOF')).json().documents as Array<{ kind: string; uuid: string; file: string; category_label: string }>;

  it('puts a sent proof in the queue; a decline asks for another with the reason; an approval verifies the account', async () => {
    const m = await merchantWantingProof();
    expect((await sendProof(m, { proof_type: 'CC' }, { filename: 'cheque.png', content: TINY_PNG })).statusCode).toBe(200);
    const reviewer = await signInStaff(t, 'ops_reviewer');
    const waiting = (await queue(reviewer)).find((item) => item.uuid === m.uuid)!;
    expect(waiting).toMatchObject({ kind: 'bank_proof', category_label: 'Bank proof · Cancelled Cheque' });
    // The reviewer reads the file.
    expect((await call(t, reviewer, 'GET', waiting.file)).statusCode).toBe(200);

    const review = (token: string, body: unknown, uuid = m.uuid) => call(t, token, 'POST', `/api/v1/ops/bank-proofs/${uuid}/review`, body);
    expect((await review(m.token, { status: 'Approved' })).statusCode).toBe(403);
    expect((await review(await signInStaff(t, 'ops_viewer'), { status: 'Approved' })).statusCode).toBe(403);
    expect((await review(reviewer, { status: 'Declined' })).json().errors.remarks).toEqual([message('documents.remarksRequired')]);
    expect((await review(reviewer, { status: 'Approved' }, 'not-a-uuid')).statusCode).toBe(404);

    expect((await review(reviewer, { status: 'Declined', remarks: 'The cheque is not cancelled' })).statusCode).toBe(200);
    expect(await bankOf(m.uuid)).toMatchObject({ bank_verification_status: 'need_bank_proof_doc', bank_verification_proof: null, bank_verification_proof_file_id: null, bank_verification_remarks: 'The cheque is not cancelled' });
    expect((await queue(reviewer)).some((item) => item.uuid === m.uuid)).toBe(false);
    // Reviewed already: nothing to review until another proof arrives.
    expect((await review(reviewer, { status: 'Approved' })).statusCode).toBe(404);

    expect((await sendProof(m, { proof_type: 'BS' }, { filename: 'statement.pdf', content: await statementPdf() })).statusCode).toBe(200);
    expect((await review(await signInStaff(t, 'ops_admin'), { status: 'Approved' })).statusCode).toBe(200);
    expect(await bankOf(m.uuid)).toMatchObject({ bank_verification_status: 'verified', bank_verification_proof: 'BS', bank_verification_remarks: null });
  });
});
