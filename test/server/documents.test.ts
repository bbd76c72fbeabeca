import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogue from '../../schemas/documents/document-catalogue.json';
import documentsEn from '../../schemas/messages/documents.en.json';
import documents from '../../rules/documents.json';
import type { DocumentRulesConfig } from '../../rules/types';
import { createAjv } from '../../schemas/ajv';
import { requirementsProblems } from '../../server/documents/requirementsSource';
import { call, patchRecord, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
async function merchantOf(entity: { id: number; name: string }) {
  const token = await signInWithOtp(t, `docs.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  await patchRecord(t, uuid, { business_entity_id: entity.id, business_entity: entity });
  return { token, uuid };
}

describe('the document catalogue (schemas/documents/document-catalogue.json)', () => {
  it('is valid, names only types it has, and covers every category and type the matrix needs', () => {
    expect(requirementsProblems(createAjv(), catalogue, documents as unknown as DocumentRulesConfig)).toEqual([]);
  });

  it('has every category and type of the spec (section 3), each text in the message catalogue', () => {
    const categories = ['PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'BANK_PROOF', 'SERVICE_AGREEMENT', 'GOVT_ISSUED_CERTIFICATE', 'SIGNED_AUTHORISATION_LETTER', 'SC'];
    const types = ['GST_CERTIFICATE', 'NOC', 'UACC', 'TTC', 'SERVICE_TAX', 'OTHERS', 'CR', 'C80G', 'TDVR', 'SDVR', 'AGR', 'CERTIFICATE_OF_INCORPORATION', 'WD', 'PASSPORT', 'AADHAR', 'DL', 'VOTER', 'BMTB'];
    const subCategoryIds = { CC: 1, BC: 2, PASSPORT: 4, AADHAR: 5, VOTER: 6, AVFB: 6, DL: 7, BMTB: 8, TTC: 9, LOR: 10, IEP: 11, LL: 12, CEC: 13, MCC: 14, UACC: 15, NOC: 16, COR: 17, LIRA: 18, PDVR: 19, CORIR: 20, CR: 22, C80G: 23, TDVR: 24, SDVR: 26, OTHERS: 27, GST_CERTIFICATE: 28, SERVICE_TAX: 29 };
    expect(Object.keys(catalogue.categories)).toEqual(expect.arrayContaining(categories));
    expect(Object.keys(catalogue.types)).toEqual(expect.arrayContaining(types));
    for (const [code, id] of Object.entries(subCategoryIds)) expect((catalogue.types as Record<string, { id?: number }>)[code]?.id, code).toBe(id);
    const keys = JSON.stringify(catalogue).match(/"documents\.[A-Za-z0-9_.]+"/g)!.map((key) => JSON.parse(key) as string);
    expect(keys.filter((key) => !(key in documentsEn))).toEqual([]);
  });

  it('refuses a matrix that names a category or a type the catalogue lacks', () => {
    const matrix = { requirements: [{ category: 'NO_SUCH', required: true, when: true }, { category: 'BANK_PROOF', required: false, when: true, types: ['NOC'] }] } as unknown as DocumentRulesConfig;
    expect(requirementsProblems(createAjv(), catalogue, matrix)).toEqual(['requirements.0: category NO_SUCH is not in the catalogue', 'requirements.1: BANK_PROOF does not offer type NOC']);
    expect(requirementsProblems(createAjv(), { $id: 'x', categories: {}, types: {} }, matrix)[0]).toMatch(/^categories: /);
  });
});

describe('GET /document_categories_and_types and /merchants/{id}/merchant_docs_req', () => {
  it('serves the catalogue with its texts', async () => {
    const m = await merchantOf({ id: 6, name: 'Private Limited' });
    const answer = await call(t, m.token, 'GET', '/api/v1/document_categories_and_types');
    expect(answer.statusCode).toBe(200);
    const certificate = answer.json().document_categories.find((category: { code: string }) => category.code === 'GOVT_ISSUED_CERTIFICATE');
    expect(certificate).toMatchObject({ label: 'Government Issued Certificate', maxFileSizeLimit: 15 });
    expect(answer.json().document_types).toContainEqual(expect.objectContaining({ value: 'AVFB', id: 6 }));
  });

  it("gives a Partnership its required categories first and the optional certificate with the partnership's types", async () => {
    const m = await merchantOf({ id: 4, name: 'Partnership' });
    const answer = await call(t, m.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`);
    expect(answer.statusCode).toBe(200);
    const { required, optional } = answer.json();
    expect(required.map((category: { code: string }) => category.code)).toEqual(['PANCARD_PARTNERSHIP', 'PANCARD_SIGNED_AUTHORITY', 'ADDRESS_PROOF_SIGNED_AUTHORITY', 'SIGNED_AUTHORISATION_LETTER', 'SC']);
    expect(optional).toHaveLength(1);
    expect(optional[0].subCategory.value.map((type: { value: string }) => type.value)).toEqual(['GST_CERTIFICATE', 'NOC', 'UACC', 'TTC', 'SERVICE_TAX', 'OTHERS']);
    expect(optional[0].upload_state).toBeNull();
  });

  it('answers only members of the merchant, and signed-in callers', async () => {
    const m = await merchantOf({ id: 4, name: 'Partnership' });
    const other = await merchantOf({ id: 6, name: 'Private Limited' });
    expect((await call(t, other.token, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/v1/merchants/${m.uuid}/merchant_docs_req`)).statusCode).toBe(401);
    expect((await call(t, null, 'GET', '/api/v1/document_categories_and_types')).statusCode).toBe(401);
  });
});
