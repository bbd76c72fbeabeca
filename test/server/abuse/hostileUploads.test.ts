import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { createFileParser, ParseRefused } from '../../../server/files/fileParser';
import { DATABASE_CONTENT } from '../../../server/files/contentStore';
import { inspectUpload, saveFile, UploadRefused } from '../../../server/files/fileStore';
import { multipartBody, TINY_PNG } from '../multipart';
import { PROOF_WANTED_BANK_DETAIL, call, patchRecord, signInStaff, testApp, type TestApp } from '../testApp';
import { entityBombXml, junkPaddedPdf, longAttributeXmlZip, lyingSizeZip, offlineKycXml, onePagePdf, pageTreeBombPdf, pngOf, shareCodeZip } from './hostileFiles';
import { kycReadyMerchant } from './kycReadyMerchant';
import { merchantWithPan } from './merchantWithPan';

const MB = 1024 * 1024;
/** 8000×8000 zeros, RGB (about 190 KB; 2 s to deflate): made once for the file. */
const bigPng = pngOf(8000, 8000, 'zeros');
let t: TestApp;
// A short time limit: a junk-padded PDF takes pdf-lib seconds of work, far past it on any machine.
beforeAll(async () => {
  t = await testApp({ fileParser: { timeLimitMs: 1000 } });
});
afterAll(() => t.close());

interface Merchant {
  token: string;
  uuid: string;
}

let count = 0;
const partnership = () => merchantWithPan(t, `hostile.${++count}.${Date.now()}@example.com`);

const send = (m: Merchant, path: string, fields: Record<string, string>, file: { field: string; filename: string; content: Buffer }) => {
  const body = multipartBody(fields, [file]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/${path}`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
};
const panCard = (m: Merchant, filename: string, content: Buffer) => send(m, 'kyc_documents', { document_category: 'PANCARD_PARTNERSHIP' }, { field: 'processed_document', filename, content });
const GST = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };
const sendXml = (m: Merchant, zip: Buffer, shareCode = '5678') => send(m, 'kyc/aadhaar_xml', { share_code: shareCode }, { field: 'file', filename: 'aadhaar.zip', content: zip });
const storedFilesOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from stored_files where owner_merchant_uuid = $1', [uuid]))[0]!.n);

describe('a PDF whose page tree is a bomb', () => {
  it('is refused as unreadable (a node listed twice), at 10^9 and 10^8 pages, and the server goes on', async () => {
    const m = await partnership();
    for (const bomb of [pageTreeBombPdf(10, 9), pageTreeBombPdf(10, 8)]) {
      expect(bomb.length).toBeLessThan(1700);
      const answer = await panCard(m, 'pan.pdf', bomb);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.file).toEqual([message('upload.unreadable')]);
    }
    expect(await storedFilesOf(m.uuid)).toBe(0);
    expect((await panCard(m, 'pan.pdf', await onePagePdf())).statusCode).toBe(201);
  });

  it('refuses more pages than the bound, even as an honest tree', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.create();
    for (let page = 0; page < 201; page++) pdf.addPage([100, 100]);
    const answer = await panCard(await partnership(), 'long.pdf', Buffer.from(await pdf.save()));
    expect(answer.json().errors.file).toEqual([message('upload.tooManyPages', { pages: 200 })]);
  });
});

describe('a junk-padded PDF', () => {
  it('is read in a worker: /healthz answers while it is parsed, and it is refused at its time limit as too complex', async () => {
    const m = await partnership();
    const junk = await junkPaddedPdf(14 * MB);
    let uploadDone = false;
    const upload = send(m, 'kyc_documents', GST, { field: 'processed_document', filename: 'gst.pdf', content: junk }).then((answer) => {
      uploadDone = true;
      return answer;
    });
    // A timer's turn later (were the parse on this thread, the timer would wait for its end, and so would /healthz).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(uploadDone).toBe(false);
    const answer = await upload;
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.file).toEqual([message('upload.tooComplex')]);
    expect(await storedFilesOf(m.uuid)).toBe(0);
  });

  it('is refused for what is not asked before it is parsed: the category, the document type, a bank proof type', async () => {
    const m = await partnership();
    const junk = await junkPaddedPdf(4 * MB);
    const notAsked = await send(m, 'kyc_documents', { document_category: 'PANCARD_COMPANY' }, { field: 'processed_document', filename: 'x.pdf', content: junk });
    expect(notAsked.json().errors).toEqual({ document_category: [message('documents.notAsked')] });
    const noType = await send(m, 'kyc_documents', { document_category: 'GOVT_ISSUED_CERTIFICATE' }, { field: 'processed_document', filename: 'x.pdf', content: junk });
    expect(noType.json().errors).toEqual({ document_type: [message('documents.typeRequired')] });
    await patchRecord(t, m.uuid, {
      bank_detail: PROOF_WANTED_BANK_DETAIL,
    });
    const badProof = await send(m, 'bank_details/bank_verification_by_bank_proof', { proof_type: 'XX' }, { field: 'file', filename: 'x.pdf', content: junk });
    expect(badProof.json().errors).toEqual({ proof_type: [message('bankProof.typeRequired')] });
    expect(await storedFilesOf(m.uuid)).toBe(0);
  });
});

describe('the parse workers', () => {
  it('stop a task at its time limit, and the next task runs on a new thread', async () => {
    const parser = createFileParser({ timeLimitMs: 300, threads: 1 });
    try {
      await expect(parser.inspectPdf(await junkPaddedPdf(8 * MB))).rejects.toEqual(new ParseRefused('tooComplex'));
      await expect(parser.inspectPdf(await onePagePdf())).resolves.toEqual({ ok: true, pages: 1 });
    } finally {
      await parser.close();
    }
  });

  it('answer busy at once when the queue is full', async () => {
    const parser = createFileParser({ timeLimitMs: 500, threads: 1, maxQueue: 1 });
    try {
      const junk = await junkPaddedPdf(2 * MB);
      const results = await Promise.allSettled([parser.inspectPdf(junk), parser.inspectPdf(junk), parser.inspectPdf(junk), parser.inspectPdf(junk)]);
      expect(results.filter((result) => result.status === 'rejected' && (result.reason as ParseRefused).reason === 'busy').length).toBeGreaterThanOrEqual(2);
    } finally {
      await parser.close();
    }
  });
});

describe('an image', () => {
  it("has its header read in a worker: a JPEG start and 5 MB of zeros (its markers sought byte by byte) is refused", async () => {
    const parser = createFileParser({ threads: 1 });
    const asked: string[] = [];
    const watched = { ...parser, inspectImage: (content: Uint8Array) => (asked.push('inspectImage'), parser.inspectImage(content)) };
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(5 * MB)]);
    try {
      await expect(inspectUpload({ content: jpeg, type: 'jpg', name: 'photo.jpg', sha256: '' }, watched)).rejects.toEqual(new UploadRefused('unreadable'));
      expect(asked).toEqual(['inspectImage']);
    } finally {
      await parser.close();
    }
  });
});

describe('an image with too many pixels', () => {
  it('is refused from its header, before anything decodes it: 8000×8000 in 190 KB, 40000×40000 declared', async () => {
    const m = await partnership();
    const big = bigPng;
    expect(big.length).toBeLessThan(300 * 1024);
    const text = message('upload.tooManyPixels', { megapixels: 25 });
    expect((await panCard(m, 'big.png', big)).json().errors.file).toEqual([text]);
    expect((await send(m, 'kyc_documents', GST, { field: 'uploaded_documents', filename: 'huge.png', content: pngOf(40000, 40000, 'none') })).json().errors.file).toEqual([text]);
    expect(await storedFilesOf(m.uuid)).toBe(0);
  });

  it('is merged without decoding, or refused before it is decoded, should one have been stored', async () => {
    const mergeWithStoredPage = async (png: Buffer) => {
      const m = await partnership();
      const first = await send(m, 'kyc_documents', GST, { field: 'uploaded_documents', filename: 'p1.png', content: TINY_PNG });
      const draft = first.json().attachment.kyc_document_uuid as string;
      // Stored behind the upload's back (as a file kept from before the bound would be).
      const file = await saveFile(t.db, DATABASE_CONTENT, { content: png, type: 'png', name: 'old.png', origin: 'upload' }, { merchantUuid: m.uuid, kind: 'kyc_page', createdBy: null });
      await t.db.query('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2)', [draft, file.id]);
      await t.db.query('update kyc_documents set attachment_count = 2 where uuid = $1', [draft]);
      const pages = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents/existing_pages?document_category=GOVT_ISSUED_CERTIFICATE&document_type=GST_CERTIFICATE`)).json().uploaded_documents as Array<{ id: number }>;
      return call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/kyc_documents/${draft}/merge_documents`, { document_order: pages.map((page) => page.id) });
    };
    // RGB: its compressed scanlines go into the PDF as they are (192 MB were it decoded).
    expect((await mergeWithStoredPage(bigPng)).statusCode).toBe(200);
    // RGBA must be decoded (its alpha becomes a mask): refused from its header first.
    const refused = await mergeWithStoredPage(pngOf(8000, 8000, 'zeros', { alpha: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual([message('upload.unreadable')]);
  });
});

describe('an Aadhaar offline e-KYC file', () => {
  it('with a root of 160,000 and of 2,000,000 letters is read in linear time and refused as not such a file', async () => {
    for (const letters of [160_000, 2_000_000]) {
      const answer = await sendXml(await kycReadyMerchant(t, `xml.${++count}@example.com`), await longAttributeXmlZip('5678', letters));
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error_message).toBe(message('kyc.xml.unreadable'));
    }
  });

  it('whose headers lie about its size is told so, not "wrong share code"; a DOCTYPE with entities is refused', async () => {
    const m = await kycReadyMerchant(t, `xml.${++count}@example.com`);
    expect((await sendXml(m, await lyingSizeZip('5678'))).json().error_message).toBe(message('kyc.xml.tooLarge'));
    expect((await sendXml(m, await shareCodeZip('5678', entityBombXml()))).json().error_message).toBe(message('kyc.xml.unreadable'));
    const good = await sendXml(await kycReadyMerchant(t, `xml.${++count}@example.com`), await shareCodeZip('5678', offlineKycXml()));
    expect(good.statusCode).toBe(200);
    expect(good.json().merchant.kyc_status).toEqual({ kyc_status: 'COMPLETED' });
  });
});

describe('a file with a Hindi name', () => {
  it('is uploaded, viewed and downloaded by its merchant and a reviewer, its name in filename* and an ASCII filename=', async () => {
    const m = await partnership();
    const stored = await panCard(m, 'आधार कार्ड.pdf', await onePagePdf());
    expect(stored.statusCode).toBe(201);
    const document = stored.json().kyc_document;
    expect(document.processed_document.filename).toBe('आधार कार्ड.pdf');
    const reviewer = await signInStaff(t, 'ops_reviewer');
    for (const token of [m.token, reviewer]) {
      for (const path of [document.processed_document.path, `${document.processed_document.path}/view`]) {
        const answer = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
        expect(answer.statusCode, path).toBe(200);
        const disposition = String(answer.headers['content-disposition']);
        expect(disposition).toMatch(/^(attachment|inline); filename=file\.pdf; filename\*=UTF-8''/);
        expect(/^[\x20-\x7e]*$/.test(disposition)).toBe(true);
        expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('आधार कार्ड.pdf');
      }
    }
  });
});
