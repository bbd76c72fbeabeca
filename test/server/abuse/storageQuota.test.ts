import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { STORAGE_QUOTA } from '../../../server/files/fileStore';
import { multipartBody, TINY_PNG } from '../multipart';
import { call, testApp, type TestApp } from '../testApp';
import { merchantWithPan } from './merchantWithPan';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

interface Merchant {
  token: string;
  uuid: string;
}

let count = 0;
const partnership = () => merchantWithPan(t, `quota.${++count}.${Date.now()}@example.com`);

const upload = (m: Merchant, fields: Record<string, string>, field = 'processed_document', content = TINY_PNG) => {
  const body = multipartBody(fields, [{ field, filename: 'scan.png', content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/kyc_documents`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
};
const storage = async (uuid: string) => {
  const [row] = await t.db.query<{ bytes: string; files: number }>('select bytes, files from merchant_storage where merchant_uuid = $1', [uuid]);
  const [stored] = await t.db.query<{ bytes: string | null; files: string }>('select sum(byte_size) as bytes, count(*) as files from stored_files where owner_merchant_uuid = $1', [uuid]);
  return { counted: { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) }, stored: { bytes: Number(stored!.bytes ?? 0), files: Number(stored!.files) } };
};
/** Raises or lowers one merchant's quota as operations would: its own row, the rest left to the product's quota. */
const setQuota = (uuid: string, quota: { bytes?: number; files?: number }) =>
  t.db.query(
    `insert into merchant_storage (merchant_uuid, quota_bytes, quota_files) values ($1, $2, $3)
     on conflict (merchant_uuid) do update set quota_bytes = $2, quota_files = $3`,
    [uuid, quota.bytes ?? null, quota.files ?? null],
  );

describe('the storage quota of a merchant', () => {
  it('holds under a burst: of 15 concurrent pages with room for 7 files, 7 are stored and 8 refused with its text', async () => {
    const m = await partnership();
    await setQuota(m.uuid, { files: 7 });
    const types = ['GST_CERTIFICATE', 'NOC', 'UACC'];
    const answers = await Promise.all(types.flatMap((type) => Array.from({ length: 5 }, () => upload(m, { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: type }, 'uploaded_documents'))));
    const stored = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(stored).toHaveLength(7);
    expect(refused).toHaveLength(8);
    const text = message('upload.quota', { size: STORAGE_QUOTA.bytes / (1024 * 1024), files: 7 });
    for (const answer of refused) expect(answer.json().errors.file).toEqual([text]);
    expect(await storage(m.uuid)).toEqual({ counted: { bytes: 7 * TINY_PNG.length, files: 7 }, stored: { bytes: 7 * TINY_PNG.length, files: 7 } });
  });

  it('counts bytes as well as files, and a page removed gives its room back', async () => {
    const m = await partnership();
    await setQuota(m.uuid, { bytes: 3 * TINY_PNG.length });
    const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };
    const pages = [await upload(m, fields, 'uploaded_documents'), await upload(m, fields, 'uploaded_documents'), await upload(m, fields, 'uploaded_documents')];
    expect(pages.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect((await upload(m, fields, 'uploaded_documents')).statusCode).toBe(422);
    const { attachment } = pages[0]!.json() as { attachment: { id: number; kyc_document_uuid: string } };
    const removed = await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${attachment.kyc_document_uuid}/attachment`, { file_ids: [attachment.id] });
    expect(removed.statusCode).toBe(204);
    expect((await storage(m.uuid)).counted).toEqual({ bytes: 2 * TINY_PNG.length, files: 2 });
    expect((await upload(m, fields, 'uploaded_documents')).statusCode).toBe(201);
  });

  it('is not filled by replacing a document before it was sent for review; one sent for review is kept', async () => {
    const m = await partnership();
    for (let round = 0; round < 4; round++) expect((await upload(m, { document_category: 'PANCARD_PARTNERSHIP' })).statusCode).toBe(201);
    // Each replaced PAN card (never sent) was deleted with its file: one document, one file.
    expect(await storage(m.uuid)).toEqual({ counted: { bytes: TINY_PNG.length, files: 1 }, stored: { bytes: TINY_PNG.length, files: 1 } });
    const documents = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`)).json().kyc_documents as unknown[];
    expect(documents).toHaveLength(1);
    // Sent for review and declined: a new upload replaces it, and the declined one stays for the record.
    await t.db.query("update kyc_documents set status = 'Declined' where merchant_uuid = $1 and active", [m.uuid]);
    expect((await upload(m, { document_category: 'PANCARD_PARTNERSHIP' })).statusCode).toBe(201);
    expect((await storage(m.uuid)).counted.files).toBe(2);
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`)).json().kyc_documents).toHaveLength(2);
  });
});
