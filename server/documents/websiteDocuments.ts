import websiteDocuments from '../../schemas/documents/website-documents.json';
import { message } from '../../schemas/messages';
import type { Queryable } from '../db/database';
import type { ContentStore } from '../files/contentStore';
import type { FileToStore } from '../files/fileStore';
import { saveRecord, type MerchantRecord } from '../merchants/store';
import { listDocuments, recordDocumentEvent, saveWholeDocument, SUBMITTED, type DocumentActor, type KycDocumentOut } from './kycDocuments';
import type { DocumentCatalogue } from './requirementsSource';

/** A category a website's reviewer may ask for (schemas/documents/website-documents.json), with its code. */
export interface WebsiteDocumentCategory {
  code: string;
  id: number;
  label: string;
  tooltipText?: string;
  maxFileSizeLimit: number;
}

/** The document type of every website document (WD) and its id, as create_website_documents takes it. */
export const WEBSITE_DOCUMENT_TYPE: { code: string; id: number } = websiteDocuments.documentType;

/** Every website document category, in the file's order. */
export const WEBSITE_DOCUMENT_CATEGORIES: readonly WebsiteDocumentCategory[] = Object.entries(websiteDocuments.categories).map(([code, config]) => ({ code, ...config }));

/** The category of an id (create_website_documents' document_category_id, website_detail.req_doc_category), if any. */
export const websiteCategoryById = (id: unknown): WebsiteDocumentCategory | undefined =>
  WEBSITE_DOCUMENT_CATEGORIES.find((category) => category.id === (typeof id === 'string' && /^\d{1,9}$/.test(id) ? Number(id) : id));

/** A category as the API shows it: the shape of the documents uploader's categories (one file, no types), with its id. */
export function websiteCategoryOut(category: WebsiteDocumentCategory) {
  return {
    id: category.id,
    code: category.code,
    label: message(category.label),
    tooltipText: category.tooltipText ? message(category.tooltipText) : null,
    maxFileSizeLimit: category.maxFileSizeLimit,
    template: null,
    uploadLabel: null,
    subCategory: null,
  };
}

/** The website detail of a record that has one (schemas/records/merchant.json websiteDetail). */
type WebsiteDetail = NonNullable<MerchantRecord['website_detail']>;

/** One entry of website_detail.website_document_categories (schemas/records/merchant.json). */
export type WebsiteDocumentEntry = WebsiteDetail['website_document_categories'][number];

const detailOf = (record: MerchantRecord): WebsiteDetail => record.website_detail as WebsiteDetail;

/** The entries with `id`'s status set (added, named after its category, when the reviewer first asks for it). */
function withEntryStatus(entries: readonly WebsiteDocumentEntry[], category: WebsiteDocumentCategory, status: WebsiteDocumentEntry['status']): WebsiteDocumentEntry[] {
  const found = entries.some((entry) => entry.id === category.id);
  const entry = { id: category.id, name: message(category.label), status };
  return found ? entries.map((item) => (item.id === category.id ? entry : item)) : [...entries, entry];
}

/** The website documents in force of a merchant (owner WebsiteDetail), each with its category's and type's ids. */
export async function websiteDocumentsOf(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string): Promise<KycDocumentOut[]> {
  const documents = await listDocuments(db, catalogue, merchantUuid);
  return documents
    .filter((document) => document.active && document.record_type === 'WebsiteDetail')
    .map((document) => ({
      ...document,
      document_category_id: WEBSITE_DOCUMENT_CATEGORIES.find((category) => category.code === document.document_category)?.id ?? null,
      document_type_id: WEBSITE_DOCUMENT_TYPE.id,
    })) as KycDocumentOut[];
}

/**
 * Stores the document the reviewer asked for (create_website_documents) in force in its category, replacing one
 * not yet sent or declined; the website's entry for it becomes Pending (uploaded, not submitted) and `file` its path.
 */
export async function saveWebsiteDocument(tx: Queryable, files: ContentStore, record: MerchantRecord, category: WebsiteDocumentCategory, upload: FileToStore, by: DocumentActor): Promise<{ uuid: string; record: MerchantRecord }> {
  const uuid = await saveWholeDocument(tx, files, record.uuid, { category: category.code, type: WEBSITE_DOCUMENT_TYPE.code, recordType: 'WebsiteDetail' }, upload, by);
  const [row] = await tx.query<{ processed_file_id: string }>('select processed_file_id from kyc_documents where uuid = $1', [uuid]);
  const detail = detailOf(record);
  const updated: MerchantRecord = {
    ...record,
    website_detail: { ...detail, file: `/api/v1/files/${row!.processed_file_id}`, website_document_categories: withEntryStatus(detail.website_document_categories, category, 'Pending') },
  };
  await saveRecord(tx, updated, by.userId, 'website.document_uploaded', { category: category.code, kyc_document_uuid: uuid });
  return { uuid, record: updated };
}

/**
 * Sends the asked document for review (submit_website_documents): it must be uploaded (else `missing` names it and
 * nothing changes); it becomes DOCUMENT_SUBMITTED, or DOCUMENT_REUPLOADED where it replaces a declined one; the request
 * is answered (req_doc_category cleared) and the website goes back to the review queue (Verification in Process).
 */
export async function submitWebsiteDocument(tx: Queryable, record: MerchantRecord, by: DocumentActor): Promise<{ missing: WebsiteDocumentCategory | null; record: MerchantRecord }> {
  const detail = detailOf(record);
  const category = websiteCategoryById(detail.req_doc_category)!;
  const [inForce] = await tx.query<{ uuid: string }>(
    "select uuid from kyc_documents where merchant_uuid = $1 and record_type = 'WebsiteDetail' and document_category = $2 and active and status = 'Pending' for update",
    [record.uuid, category.code],
  );
  if (!inForce) return { missing: category, record };
  const [declinedBefore] = await tx.query(
    "select 1 from kyc_documents where merchant_uuid = $1 and record_type = 'WebsiteDetail' and document_category = $2 and not active and status = 'Declined' limit 1",
    [record.uuid, category.code],
  );
  const status = declinedBefore ? 'DOCUMENT_REUPLOADED' : 'DOCUMENT_SUBMITTED';
  await tx.query('update kyc_documents set status = $2, updated_at = now() where uuid = $1', [inForce.uuid, status]);
  await recordDocumentEvent(tx, record.uuid, inForce.uuid, by, 'document.submitted', { category: category.code, status });
  const updated: MerchantRecord = {
    ...record,
    website_detail: {
      ...detail,
      req_doc_category: null,
      website_approval_status: 'Verification in Process',
      website_document_categories: withEntryStatus(detail.website_document_categories, category, status),
    },
  };
  await saveRecord(tx, updated, by.userId, 'website.documents_submitted', { category: category.code, status });
  return { missing: null, record: updated };
}

/**
 * The website review's effect on its documents: those sent with it are Approved with the website (Website OK) or
 * Declined with a disapproval (the reviewer's comment says why); a disapproval may ask for a document (`ask`), which
 * the merchant then uploads: the request is recorded (req_doc_category) and its entry added, or reset when the
 * category's document in force is not one to replace (approved before: it is kept, inactive). Returns the website
 * detail to store with the review.
 */
export async function reviewWebsiteDocuments(
  tx: Queryable,
  record: MerchantRecord,
  verdict: 'Approved' | 'Declined',
  ask: WebsiteDocumentCategory | null,
  by: DocumentActor,
  remarks: string | null,
): Promise<WebsiteDetail> {
  const detail = detailOf(record);
  const sent = await tx.query<{ uuid: string; document_category: string }>(
    "update kyc_documents set status = $2, remarks = $3, updated_at = now() where merchant_uuid = $1 and record_type = 'WebsiteDetail' and active and status = any($4) returning uuid, document_category",
    [record.uuid, verdict, verdict === 'Declined' ? remarks : null, SUBMITTED],
  );
  let entries = detail.website_document_categories;
  for (const document of sent) {
    await recordDocumentEvent(tx, record.uuid, document.uuid, by, `document.${verdict.toLowerCase()}`, { category: document.document_category, remarks });
    const category = WEBSITE_DOCUMENT_CATEGORIES.find((item) => item.code === document.document_category);
    if (category) entries = withEntryStatus(entries, category, verdict);
  }
  if (!ask) return { ...detail, req_doc_category: null, website_document_categories: entries };
  const kept = await tx.query(
    "update kyc_documents set active = false, updated_at = now() where merchant_uuid = $1 and record_type = 'WebsiteDetail' and document_category = $2 and active and status not in ('Pending', 'Declined') returning uuid",
    [record.uuid, ask.code],
  );
  const current = entries.find((entry) => entry.id === ask.id)?.status ?? null;
  const status = kept.length || !['Pending', 'Declined'].includes(String(current)) ? null : current;
  return { ...detail, req_doc_category: ask.id, website_document_categories: withEntryStatus(entries, ask, status) };
}
