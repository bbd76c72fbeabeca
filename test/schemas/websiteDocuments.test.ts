import { describe, expect, it } from 'vitest';
import catalogue from '../../schemas/documents/document-catalogue.json';
import websiteDocuments from '../../schemas/documents/website-documents.json';
import en from '../../schemas/messages/en.json';
import { createAjv } from '../../schemas/ajv';

describe('schemas/documents/website-documents.json', () => {
  it('follows its format, and names each category by a unique id, as req_doc_category and create_website_documents do', () => {
    const validate = createAjv().getSchema('https://onboarding.local/schemas/documents/website-documents.schema.json')!;
    expect(validate(websiteDocuments), JSON.stringify(validate.errors)).toBe(true);
    const ids = Object.values(websiteDocuments.categories).map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("files them as the catalogue's website document type (WD), with the server's own texts (its answers name them)", () => {
    expect(catalogue.types).toHaveProperty(websiteDocuments.documentType.code);
    expect(websiteDocuments.documentType.code).toBe('WD');
    for (const category of Object.values(websiteDocuments.categories)) {
      expect(en).toHaveProperty([category.label]);
      expect(category.label).toMatch(/^server\./);
      expect(en).toHaveProperty([category.tooltipText]);
    }
  });
});
