import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { FAKE_EXE, multipartBody, TINY_PNG } from './multipart';
import { call, partnershipWithSignatory, signInStaff, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const MB = 1024 * 1024;
let count = 0;

interface Merchant {
  token: string;
  uuid: string;
}

/** A Partnership with a verified PAN and a signing authority: asked for its PAN card, the signatory's PAN card and address proof, the letter and Schedule C. */
async function partnership(): Promise<Merchant> {
  return partnershipWithSignatory(t, `kyc.docs.${++count}.${Date.now()}@example.com`);
}


function upload(m: Merchant, fields: Record<string, string>, file: { field?: string; filename: string; content: Buffer }, path = 'kyc_documents') {
  const body = multipartBody(fields, [{ field: file.field ?? 'processed_document', filename: file.filename, content: file.content }]);
  return t.app.inject({ method: 'POST', url: `/api/v1/merchants/${m.uuid}/${path}`, headers: { authorization: `Bearer ${m.token}`, ...body.headers }, payload: body.payload });
}

async function pdfOf(pages: Array<[number, number]>): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const size of pages) pdf.addPage(size).drawText('page');
  return Buffer.from(await pdf.save());
}

/** A valid PNG followed by filler to a given size (a PNG decoder stops at IEND; the type is still read from the header). */
const pngOfSize = (bytes: number) => Buffer.concat([TINY_PNG, Buffer.alloc(bytes - TINY_PNG.length, 0)]);

const storedFilesOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from stored_files where owner_merchant_uuid = $1', [uuid]))[0]!.n);
const documentsOf = async (uuid: string) => Number((await t.db.query<{ n: string }>('select count(*) as n from kyc_documents where merchant_uuid = $1', [uuid]))[0]!.n);

async function fetchBytes(token: string, path: string) {
  const answer = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  return { status: answer.statusCode, body: answer.rawPayload, headers: answer.headers };
}

describe('uploading a KYC document', () => {
  it("stores a PAN card as the category's document in force, readable by its merchant only", async () => {
    const m = await partnership();
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan card.png', content: TINY_PNG });
    expect(answer.statusCode).toBe(201);
    const document = answer.json().kyc_document;
    expect(document).toMatchObject({ document_category: 'PANCARD_PARTNERSHIP', status: 'Pending', active: true, kyc_document_type: 'KYC', record_type: 'Merchant' });
    expect(document.processed_document).toMatchObject({ filename: 'pan card.png', byte_size: TINY_PNG.length });

    const listed = await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`);
    expect(listed.json().kyc_documents.map((d: { uuid: string }) => d.uuid)).toEqual([document.uuid]);
    const required = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).json().required;
    expect(required.find((c: { code: string }) => c.code === 'PANCARD_PARTNERSHIP').upload_state).toMatchObject({ status: 'Pending', kyc_document_uuid: document.uuid, replaceable: true, removable: true });

    const own = await fetchBytes(m.token, document.processed_document.path);
    expect(own.status).toBe(200);
    expect(Buffer.compare(own.body, TINY_PNG)).toBe(0);
    expect(own.headers['content-disposition']).toMatch(/^attachment;/);
    const view = await fetchBytes(m.token, `${document.processed_document.path}/view`);
    expect(view.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(view.headers['content-disposition']).toMatch(/^inline;/);
    expect(view.headers['content-security-policy']).toContain('sandbox');

    const other = await partnership();
    expect((await fetchBytes(other.token, document.processed_document.path)).status).toBe(404);
    expect((await fetchBytes(other.token, `${document.processed_document.path}/view`)).status).toBe(404);
    expect((await call(t, other.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${document.uuid}`)).statusCode).toBe(404);
    expect((await call(t, other.token, 'DELETE', `/api/v1/merchants/${other.uuid}/kyc_documents/${document.uuid}`)).statusCode).toBe(404);
    expect(await documentsOf(m.uuid)).toBe(1);

    const reviewer = await signInStaff(t, 'ops_reviewer');
    expect((await fetchBytes(reviewer, `${document.processed_document.path}/view`)).status).toBe(200);
  });

  it('refuses an .exe renamed .png, and stores nothing', async () => {
    const m = await partnership();
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: FAKE_EXE });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.file).toEqual(['Error: only PDF, PNG and JPG files are allowed']);
    expect(await storedFilesOf(m.uuid)).toBe(0);
    expect(await documentsOf(m.uuid)).toBe(0);
  });

  it('refuses a 6 MB file on a 5 MB category without storing anything', async () => {
    const m = await partnership();
    const answer = await upload(m, { document_category: 'PANCARD_SIGNED_AUTHORITY' }, { filename: 'pan.png', content: pngOfSize(6 * MB) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.file).toEqual(['Error: File size exceeded, should be less than 5MB']);
    expect(await storedFilesOf(m.uuid)).toBe(0);
    expect(await documentsOf(m.uuid)).toBe(0);
  });

  it('takes a 14.9 MB certificate and refuses a 15 MB one (a file must be smaller than the limit)', async () => {
    const m = await partnership();
    const accepted = await upload(m, { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' }, { filename: 'gst.png', content: pngOfSize(Math.floor(14.9 * MB)) });
    expect(accepted.statusCode).toBe(201);
    const refused = await upload(m, { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'NOC' }, { filename: 'noc.png', content: pngOfSize(15 * MB) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual(['Error: File size exceeded, should be less than 15MB']);
    expect(await documentsOf(m.uuid)).toBe(1);
  });

  it('refuses a category the merchant is not asked for, and a type the category does not take', async () => {
    const m = await partnership();
    const notAsked = await upload(m, { document_category: 'PANCARD_COMPANY' }, { filename: 'pan.png', content: TINY_PNG });
    expect(notAsked.statusCode).toBe(422);
    expect(notAsked.json().errors.document_category).toEqual([message('documents.notAsked')]);
    const badType = await upload(m, { document_category: 'ADDRESS_PROOF_SIGNED_AUTHORITY', document_type: 'GST_CERTIFICATE' }, { filename: 'a.png', content: TINY_PNG });
    expect(badType.json().errors.document_type).toEqual([message('documents.typeRequired')]);
    expect(await storedFilesOf(m.uuid)).toBe(0);
  });

  it('refuses a member without the profile-editing permission', async () => {
    const m = await partnership();
    await t.db.query("update memberships set permissions = '{view_profile}' where merchant_uuid = $1", [m.uuid]);
    const answer = await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: TINY_PNG });
    expect(answer.statusCode).toBe(403);
    expect(await storedFilesOf(m.uuid)).toBe(0);
  });
});

describe('pages and sides merged into one PDF', () => {
  it('merges 2 images and a 2-page PDF in the chosen order, on A4 pages for the images', async () => {
    const m = await partnership();
    const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' };
    const first = await upload(m, fields, { field: 'uploaded_documents', filename: 'one.png', content: TINY_PNG });
    expect(first.statusCode).toBe(201);
    const draft = first.json().attachment.kyc_document_uuid as string;
    const appended = async (filename: string, content: Buffer) => {
      const answer = await upload(m, {}, { field: 'uploaded_documents', filename, content }, `kyc_documents/${draft}/append_attachment`);
      expect(answer.statusCode).toBe(201);
      return answer.json().attachment.id as number;
    };
    const pdfId = await appended('two-pages.pdf', await pdfOf([[300, 400], [310, 410]]));
    const secondImage = await appended('two.png', TINY_PNG);
    const existing = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents/existing_pages?document_category=GOVT_ISSUED_CERTIFICATE&document_type=GST_CERTIFICATE`)).json();
    expect(existing.uuid).toBe(draft);
    expect(existing.uploaded_documents).toHaveLength(3);

    const order = [pdfId, secondImage, first.json().attachment.id as number];
    const merged = await call(t, m.token, 'PUT', `/api/v1/merchants/${m.uuid}/kyc_documents/${draft}/merge_documents`, { document_order: order });
    expect(merged.statusCode).toBe(200);
    const document = merged.json().kyc_document;
    expect(document).toMatchObject({ active: true, status: 'Pending' });
    const pdf = await PDFDocument.load((await fetchBytes(m.token, document.processed_document.path)).body);
    const sizes = pdf.getPages().map((page) => [Math.round(page.getWidth()), Math.round(page.getHeight())]);
    expect(sizes).toEqual([[300, 400], [310, 410], [595, 842], [595, 842]]);
  });

  it('refuses an order that leaves out or invents a page, and keeps the draft', async () => {
    const m = await partnership();
    const fields = { document_category: 'ADDRESS_PROOF_SIGNED_AUTHORITY', document_type: 'AADHAR' };
    const front = (await upload(m, fields, { field: 'uploaded_documents', filename: 'front.png', content: TINY_PNG })).json().attachment;
    const back = (await upload(m, fields, { field: 'uploaded_documents', filename: 'back.png', content: TINY_PNG })).json().attachment;
    expect(back.kyc_document_uuid).toBe(front.kyc_document_uuid);
    const path = `/api/v1/merchants/${m.uuid}/kyc_documents/${front.kyc_document_uuid}/merge_documents`;
    expect((await call(t, m.token, 'PUT', path, { document_order: [front.id] })).json().error).toBe(message('documents.orderInvalid'));
    expect((await call(t, m.token, 'PUT', path, { document_order: [front.id, 999999] })).statusCode).toBe(422);
    expect((await call(t, m.token, 'PUT', path, { document_order: 'x' })).statusCode).toBe(422);
    const third = await upload(m, fields, { field: 'uploaded_documents', filename: 'more.png', content: TINY_PNG });
    expect(third.statusCode).toBe(422);
    expect(third.json().error).toBe(message('documents.maxPages', { max: 2 }));
    expect((await call(t, m.token, 'PUT', path, { document_order: [back.id, front.id] })).statusCode).toBe(200);
  });

  it('removes pages of a draft, and deletes a draft with its files (204)', async () => {
    const m = await partnership();
    const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'NOC' };
    const a = (await upload(m, fields, { field: 'uploaded_documents', filename: 'a.png', content: TINY_PNG })).json().attachment;
    await upload(m, fields, { field: 'uploaded_documents', filename: 'b.png', content: TINY_PNG });
    expect(await storedFilesOf(m.uuid)).toBe(2);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/merchants/${m.uuid}/kyc_documents/${a.kyc_document_uuid}/attachment`,
      headers: { authorization: `Bearer ${m.token}` },
      payload: { file_ids: [a.id] },
    });
    expect(removed.statusCode).toBe(204);
    expect(await storedFilesOf(m.uuid)).toBe(1);
    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${a.kyc_document_uuid}`)).statusCode).toBe(204);
    expect(await storedFilesOf(m.uuid)).toBe(0);
    expect(await documentsOf(m.uuid)).toBe(0);
  });

  it('holds the page cap under a burst of concurrent uploads: 5 pages, the rest refused', async () => {
    const m = await partnership();
    const fields = { document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'TTC' };
    const answers = await Promise.all(Array.from({ length: 9 }, (_, index) => upload(m, fields, { field: 'uploaded_documents', filename: `p${index}.png`, content: TINY_PNG })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422 || status === 409)).toBe(true);
    const drafts = await t.db.query<{ attachment_count: number; pages: string }>(
      'select d.attachment_count, (select count(*)::int from kyc_document_attachments a where a.kyc_document_uuid = d.uuid) as pages from kyc_documents d where merchant_uuid = $1',
      [m.uuid],
    );
    expect(drafts).toEqual([{ attachment_count: 5, pages: 5 }]);
    expect(await storedFilesOf(m.uuid)).toBe(5);
  });
});

describe('sending documents for review, and the staff review', () => {
  const everyRequired = async (m: Merchant) => {
    for (const category of ['PANCARD_PARTNERSHIP', 'PANCARD_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC']) {
      expect((await upload(m, { document_category: category }, { filename: `${category}.png`, content: TINY_PNG })).statusCode).toBe(201);
    }
    expect((await upload(m, { document_category: 'ADDRESS_PROOF_SIGNED_AUTHORITY', document_type: 'BMTB' }, { filename: 'bill.pdf', content: await pdfOf([[595, 842]]) })).statusCode).toBe(201);
  };
  const inForce = async (m: Merchant, category: string) =>
    (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`)).json().kyc_documents.find((d: { document_category: string; active: boolean }) => d.document_category === category && d.active);

  it('names what is missing, then moves the merchant to Docs Received; a decline shows its remark and takes a re-upload', async () => {
    const m = await partnership();
    await upload(m, { document_category: 'PANCARD_PARTNERSHIP' }, { filename: 'pan.png', content: TINY_PNG });
    const early = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/receive_all_docs`);
    expect(early.statusCode).toBe(422);
    expect(early.json().missing).toEqual(['PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC']);
    expect(early.json().error).toContain('PAN Card of the Signing Authority');

    await everyRequired(m);
    const sent = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/receive_all_docs`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().merchant.document_status).toBe('Docs Received');
    const verification = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/document_status_verification`)).json();
    expect(verification).toMatchObject({ doc_status: 'Docs Received', message: message('server.documents.statusMessage.DocsReceived') });

    const sc = await inForce(m, 'SC');
    expect(sc.status).toBe('DOCUMENT_SUBMITTED');
    // Sent for review: the merchant can no longer replace or delete it.
    expect((await upload(m, { document_category: 'SC' }, { filename: 'again.png', content: TINY_PNG })).statusCode).toBe(409);
    expect((await call(t, m.token, 'DELETE', `/api/v1/merchants/${m.uuid}/kyc_documents/${sc.uuid}`)).statusCode).toBe(409);

    const review = (token: string, uuid: string, body: unknown) => call(t, token, 'POST', `/api/v1/merchants/${m.uuid}/kyc_documents/${uuid}/review`, body);
    expect((await review(m.token, sc.uuid, { status: 'Approved' })).statusCode).toBe(403);
    expect((await review(await signInStaff(t, 'ops_viewer'), sc.uuid, { status: 'Approved' })).statusCode).toBe(403);
    const reviewer = await signInStaff(t, 'ops_reviewer');
    expect((await review(reviewer, sc.uuid, { status: 'Declined' })).json().errors.remarks).toEqual([message('documents.remarksRequired')]);
    const declined = await review(reviewer, sc.uuid, { status: 'Declined', remarks: 'The stamp is missing' });
    expect(declined.statusCode).toBe(200);
    const afterDecline = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).json();
    expect(afterDecline.required.find((c: { code: string }) => c.code === 'SC').upload_state).toMatchObject({ status: 'Declined', remarks: 'The stamp is missing', replaceable: true, removable: false });
    expect(afterDecline.required.find((c: { code: string }) => c.code === 'SC').upload_state).toBeTruthy();
    expect(afterDecline.required.find((c: { code: string }) => c.code === 'PANCARD_PARTNERSHIP').upload_state).toMatchObject({ status: 'DOCUMENT_SUBMITTED', replaceable: false, removable: false });
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant.document_status).toBe('Docs Error');

    expect((await upload(m, { document_category: 'SC' }, { filename: 'stamped.png', content: TINY_PNG })).statusCode).toBe(201);
    const resent = await call(t, m.token, 'POST', `/api/v1/merchants/${m.uuid}/submit_documents`);
    expect(resent.json().merchant.document_status).toBe('DOCUMENT_REUPLOADED');
    expect((await inForce(m, 'SC')).status).toBe('DOCUMENT_REUPLOADED');

    for (const document of (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/kyc_documents`)).json().kyc_documents.filter((d: { active: boolean }) => d.active)) {
      expect((await review(reviewer, document.uuid, { status: 'Approved' })).statusCode).toBe(200);
    }
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}`)).json().merchant.document_status).toBe('Docs Approved');
    const history = await t.db.query<{ action: string; actor: string }>('select action, actor from kyc_document_events where merchant_uuid = $1 order by id', [m.uuid]);
    expect(history.map((row) => row.action)).toEqual(expect.arrayContaining(['document.uploaded', 'document.submitted', 'document.declined', 'document.approved']));
    expect(history.find((row) => row.action === 'document.declined')?.actor).toBe('staff');

    // The review names the merchant the document belongs to: another merchant's id or a malformed one finds nothing.
    const other = await partnership();
    expect((await call(t, reviewer, 'POST', `/api/v1/merchants/${other.uuid}/kyc_documents/${sc.uuid}/review`, { status: 'Approved' })).statusCode).toBe(404);
    expect((await call(t, reviewer, 'POST', `/api/v1/merchants/not-a-uuid/kyc_documents/${sc.uuid}/review`, { status: 'Approved' })).statusCode).toBe(404);
  });
});

describe('generated documents and the Aadhaar disclaimer', () => {
  it('writes the authorisation letter, Schedule C and the beneficial owners as PDFs to download', async () => {
    const m = await partnership();
    for (const path of ['generate_authority_letter', 'generate_schedule_c_document', 'generate_beneficiary_list']) {
      const answer = await fetchBytes(m.token, `/api/v1/merchants/${m.uuid}/${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+\.pdf"$/);
      expect((await PDFDocument.load(answer.body)).getPageCount()).toBeGreaterThanOrEqual(1);
    }
    const signatory = (await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/get_signatory_details`)).json().signatory;
    expect(signatory).toEqual({ name: 'Ravi Gupta', email: 'ravi@example.com', pancard_number: 'ABCPG1234K' });
    const stranger = await partnership();
    expect((await fetchBytes(stranger.token, `/api/v1/merchants/${m.uuid}/generate_authority_letter`)).status).toBe(404);
  });

  it('lists generated agreements (none before one is generated) and labels the agreement upload ACCEPT', async () => {
    const m = await partnership();
    expect((await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/generated_agreements`)).json()).toEqual({ kyc_documents: [] });
    const categories = (await call(t, m.token, 'GET', '/api/v1/document_categories_and_types')).json().document_categories;
    expect(categories.find((c: { code: string }) => c.code === 'SERVICE_AGREEMENT').uploadLabel).toBe('ACCEPT');
    expect(categories.find((c: { code: string }) => c.code === 'SC').uploadLabel).toBeNull();
    // The certificate of incorporation's sides are named as the spec names them: INC 22 on the back.
    const types = (await call(t, m.token, 'GET', '/api/v1/document_categories_and_types')).json().document_types;
    expect(types.find((type: { value: string }) => type.value === 'CERTIFICATE_OF_INCORPORATION')).toMatchObject({ backOptional: true, sideLabels: { front: 'CERTIFICATE', back: 'INC 22' } });
    expect(types.find((type: { value: string }) => type.value === 'AADHAR').sideLabels).toBeNull();
  });

  it('takes the signed letter through upload_authority_letter', async () => {
    const m = await partnership();
    const answer = await upload(m, {}, { filename: 'signed letter.pdf', content: await pdfOf([[595, 842]]) }, 'upload_authority_letter');
    expect(answer.statusCode).toBe(201);
    expect(answer.json().kyc_document).toMatchObject({ document_category: 'SIGNED_AUTHORISATION_LETTER', active: true });
  });

  it('remembers the Aadhaar disclaimer on the server, per user', async () => {
    const m = await partnership();
    const path = `/api/v1/merchants/${m.uuid}/aadhaar_disclaimer`;
    expect((await call(t, m.token, 'GET', path)).json()).toEqual({ acknowledged: false });
    expect((await call(t, m.token, 'POST', path)).json()).toEqual({ acknowledged: true });
    expect((await call(t, m.token, 'POST', path)).statusCode).toBe(200);
    expect((await call(t, m.token, 'GET', path)).json()).toEqual({ acknowledged: true });
  });
});

describe('staff accounts', () => {
  it('get no merchant of their own at sign-in', async () => {
    const token = await signInStaff(t, 'ops_admin');
    expect((await call(t, token, 'GET', '/api/v1/merchants')).json().merchants).toEqual([]);
  });
});
