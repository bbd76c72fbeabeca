import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { multipartBody, TINY_PNG } from '../multipart';
import { PROOF_WANTED_BANK_DETAIL, call, patchRecord, signInStaff, testApp, type TestApp } from '../testApp';
import { offlineKycXml, shareCodeZip } from './hostileFiles';
import { kycReadyMerchant } from './kycReadyMerchant';
import { merchantWithPan, PARTNERSHIP, PRIVATE_LIMITED } from './merchantWithPan';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
const newMerchant = (pan: { pan: string; entity: number } = PARTNERSHIP) => merchantWithPan(t, `multipart.${++count}.${Date.now()}@example.com`, pan);

/** Each multipart route with a merchant at the stage it needs (so the body is read, not refused before). */
async function multipartRoutes(): Promise<Array<{ name: string; token: string; url: string; fields: Record<string, string>; field: string; content?: Buffer }>> {
  const documents = await newMerchant();
  const firstPage = multipartBody({ document_category: 'GOVT_ISSUED_CERTIFICATE', document_type: 'GST_CERTIFICATE' }, [{ field: 'uploaded_documents', filename: 'p1.png', content: TINY_PNG }]);
  const draft = (
    await t.app.inject({ method: 'POST', url: `/api/v1/merchants/${documents.uuid}/kyc_documents`, headers: { authorization: `Bearer ${documents.token}`, ...firstPage.headers }, payload: firstPage.payload })
  ).json().attachment.kyc_document_uuid as string;
  const proof = await newMerchant(PRIVATE_LIMITED);
  await patchRecord(t, proof.uuid, {
    bank_detail: PROOF_WANTED_BANK_DETAIL,
  });
  const website = await newMerchant(PRIVATE_LIMITED);
  const websiteUuid = randomUUID();
  await patchRecord(t, website.uuid, {
    integration_type: 'THIRD_PARTY',
    website_detail: {
      uuid: websiteUuid, website_url: 'https://www.sharmastores.in', android_url: null, ios_url: null, website_url_invalid: false, android_url_invalid: false, ios_url_invalid: false,
      website_approval_status: 'Pending', liveliness_status: 'live', domain_status_by_merchant: 'active', addendum_status: null, comments: [], file: null, req_doc_category: null, website_document_categories: [],
    },
  });
  const reviewer = await signInStaff(t, 'ops_reviewer');
  expect((await call(t, reviewer, 'POST', `/api/v1/ops/websites/${website.uuid}/review`, { status: 'Website Incomplete', comment: 'Domain proof please', req_doc_category: 33 })).statusCode).toBe(200);
  const kyc = await kycReadyMerchant(t, `multipart.kyc.${++count}@example.com`);
  return [
    { name: 'kyc_documents', token: documents.token, url: `/api/v1/merchants/${documents.uuid}/kyc_documents`, fields: { document_category: 'PANCARD_PARTNERSHIP' }, field: 'processed_document' },
    { name: 'upload_authority_letter', token: documents.token, url: `/api/v1/merchants/${documents.uuid}/upload_authority_letter`, fields: {}, field: 'processed_document' },
    { name: 'append_attachment', token: documents.token, url: `/api/v1/merchants/${documents.uuid}/kyc_documents/${draft}/append_attachment`, fields: {}, field: 'uploaded_documents' },
    { name: 'bank proof', token: proof.token, url: `/api/v1/merchants/${proof.uuid}/bank_details/bank_verification_by_bank_proof`, fields: { proof_type: 'BS' }, field: 'file' },
    { name: 'website document', token: website.token, url: `/api/v1/website_details/${websiteUuid}/create_website_documents`, fields: { document_category_id: '33', document_type_id: '30' }, field: 'processed_document' },
    { name: 'aadhaar_xml', token: kyc.token, url: `/api/v1/merchants/${kyc.uuid}/kyc/aadhaar_xml`, fields: { share_code: '5678' }, field: 'file', content: await shareCodeZip('5678', offlineKycXml()) },
  ];
}

describe('a malformed multipart body', () => {
  it('is answered 400 with a text to send the file again (no boundary, cut off), 413 with too many files, never 500, on all six multipart routes', async () => {
    for (const route of await multipartRoutes()) {
      const content = route.content ?? TINY_PNG;
      const whole = multipartBody(route.fields, [{ field: route.field, filename: 'scan.png', content }]);
      const bodies = [
        { headers: { 'content-type': 'multipart/form-data' }, payload: whole.payload },
        { headers: whole.headers, payload: whole.payload.subarray(0, whole.payload.length - 60) },
        { headers: whole.headers, payload: Buffer.from(`--${whole.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="x"\r\n\r\nhalf`) },
      ];
      for (const body of bodies) {
        const answer = await t.app.inject({ method: 'POST', url: route.url, headers: { authorization: `Bearer ${route.token}`, ...body.headers }, payload: body.payload });
        expect(answer.statusCode, `${route.name}: ${answer.body}`).toBe(400);
        expect(answer.json().errors.file, route.name).toEqual([message('upload.malformed')]);
      }
      const twoFiles = multipartBody(route.fields, [1, 2].map((n) => ({ field: route.field, filename: `scan${n}.png`, content })));
      const tooMany = await t.app.inject({ method: 'POST', url: route.url, headers: { authorization: `Bearer ${route.token}`, ...twoFiles.headers }, payload: twoFiles.payload });
      expect(tooMany.statusCode, `${route.name}: ${tooMany.body}`).toBe(413);
      expect(tooMany.json().errors.file, route.name).toEqual([message('upload.tooManyParts')]);
      // The same route takes the body whole (the stage was right: the refusals above were the body's).
      const answer = await t.app.inject({ method: 'POST', url: route.url, headers: { authorization: `Bearer ${route.token}`, ...whole.headers }, payload: whole.payload });
      expect(answer.statusCode, `${route.name}: ${answer.body}`).toBeLessThan(500);
      expect(answer.json().errors?.file ?? [], route.name).not.toEqual([message('upload.malformed')]);
    }
  });
});
