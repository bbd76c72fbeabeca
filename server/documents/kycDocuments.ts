import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { apiError } from '../errors';
import type { ContentStore } from '../files/contentStore';
import { fileContents, saveFile, type FileToStore, type UploadType } from '../files/fileStore';
import type { PageToMerge } from '../files/mergePages';
import type { DocumentCatalogue } from './requirementsSource';
import { isUuid } from '../merchants/parseIds';

/** Who changed a document: recorded with every change for the review queue. */
export interface DocumentActor {
  userId: string;
  actor: 'merchant' | 'staff' | 'system';
}

/** A document's file as the API shows it: where to fetch it, its name and size. */
export interface FileOut {
  id: number;
  filename: string;
  path: string;
  byte_size: number;
}

/** A KYC document as the API answers it (schemas/records/kyc-document.json). */
export interface KycDocumentOut {
  uuid: string;
  kyc_document_type: 'KYC' | 'Agreement' | 'Addendum';
  active: boolean;
  status: string;
  remarks: string | null;
  record_type: 'Account' | 'Merchant' | 'WebsiteDetail';
  document_category_id: null;
  document_type_id: number | null;
  document_category: string;
  document_type: string | null;
  processed_document: Omit<FileOut, 'id'> | null;
  attachments: Array<{ id: number; kyc_document_uuid: string }>;
  uploaded_documents: FileOut[];
  created_at: string;
  updated_at: string;
}

/** What a KYC document's file may be (spec section 9): pdf, png, jpg and jpeg. */
export const DOCUMENT_FILE_TYPES: readonly UploadType[] = ['pdf', 'png', 'jpg'];

/** The largest number of pages a multi-page document takes (spec section 9), and of sides a front/back one. */
export const MAX_PAGES = 5;
export const MAX_SIDES = 2;

/**
 * Where an upload goes: its category and type and, when not a KYC document of the merchant's own (the Documents tab),
 * its class and owner (a signed copy of the agreement is an Agreement; a website document belongs to the WebsiteDetail)
 * and the status it takes when it comes into force.
 */
export interface UploadTarget {
  category: string;
  type: string | null;
  kind?: KycDocumentOut['kyc_document_type'];
  recordType?: KycDocumentOut['record_type'];
  inForceStatus?: string;
}

/** Per-document statuses a merchant may still replace: not yet sent for review, or declined by it. */
const REPLACEABLE = ['Pending', 'Declined'];

/** What the merchant may do with the document in force of a category: replace it (upload another), delete it. */
export const actionsOn = (status: string) => ({ replaceable: REPLACEABLE.includes(status), removable: status === 'Pending' });
/** Statuses of a document sent for review (spec section 4, per-document review results). */
export const SUBMITTED = ['DOCUMENT_SUBMITTED', 'DOCUMENT_REUPLOADED'];

interface DocumentRow {
  uuid: string;
  merchant_uuid: string;
  kyc_document_type: KycDocumentOut['kyc_document_type'];
  record_type: KycDocumentOut['record_type'];
  document_category: string;
  document_type: string | null;
  status: string;
  remarks: string | null;
  active: boolean;
  processed_file_id: string | null;
  attachment_count: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const filePath = (fileId: string) => `/api/v1/files/${fileId}`;

/** The merchant's documents, oldest first, optionally only those of some statuses or classes (GET kyc_documents). */
export async function listDocuments(
  db: Queryable,
  catalogue: DocumentCatalogue,
  merchantUuid: string,
  filters: { status?: readonly string[]; kycDocumentType?: readonly string[]; uuid?: string } = {},
): Promise<KycDocumentOut[]> {
  const rows = await db.query<DocumentRow & { files: Array<{ id: number; file_id: string; name: string; byte_size: number }> | null; processed_name: string | null; processed_size: number | null }>(
    `select d.*, pf.name as processed_name, pf.byte_size as processed_size,
            (select json_agg(json_build_object('id', a.id, 'file_id', a.file_id, 'name', f.name, 'byte_size', f.byte_size) order by a.id)
               from kyc_document_attachments a join stored_files f on f.id = a.file_id
              where a.kyc_document_uuid = d.uuid) as files
       from kyc_documents d left join stored_files pf on pf.id = d.processed_file_id
      where d.merchant_uuid = $1
        and ($2::text[] is null or d.status = any($2))
        and ($3::text[] is null or d.kyc_document_type = any($3))
        and ($4::uuid is null or d.uuid = $4)
      order by d.created_at, d.uuid`,
    [merchantUuid, filters.status ?? null, filters.kycDocumentType ?? null, filters.uuid ?? null],
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    kyc_document_type: row.kyc_document_type,
    active: row.active,
    status: row.status,
    remarks: row.remarks,
    record_type: row.record_type,
    document_category_id: null,
    document_type_id: (row.document_type ? catalogue.types[row.document_type]?.id : undefined) ?? null,
    document_category: row.document_category,
    document_type: row.document_type,
    processed_document: row.processed_file_id
      ? { path: filePath(row.processed_file_id), filename: row.processed_name ?? 'document.pdf', byte_size: row.processed_size ?? 0 }
      : null,
    attachments: (row.files ?? []).map((file) => ({ id: Number(file.id), kyc_document_uuid: row.uuid })),
    uploaded_documents: (row.files ?? []).map((file) => ({ id: Number(file.id), filename: file.name, path: filePath(file.file_id), byte_size: file.byte_size })),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

/** One document of a merchant, or 404 (another merchant's document is as unknown as a missing one). */
export async function documentOf(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string, uuid: string): Promise<KycDocumentOut> {
  const [document] = isUuid(uuid) ? await listDocuments(db, catalogue, merchantUuid, { uuid }) : [];
  if (!document) throw apiError('NOT_FOUND');
  return document;
}


/** Records a document change: who, when, what (the review queue's history). */
export async function recordDocumentEvent(
  db: Queryable,
  merchantUuid: string,
  documentUuid: string | null,
  by: DocumentActor,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.query('insert into kyc_document_events (merchant_uuid, kyc_document_uuid, user_id, actor, action, detail) values ($1, $2, $3, $4, $5, $6)', [
    merchantUuid,
    documentUuid,
    by.userId,
    by.actor,
    action,
    JSON.stringify(detail),
  ]);
}

/**
 * Refuses (409) a change to a category whose document in force was sent for review or approved: the merchant may
 * replace a document only before sending it, or after a decline. Call inside the transaction that changes it.
 */
export async function assertReplaceable(db: Queryable, merchantUuid: string, category: string): Promise<void> {
  const [current] = await db.query<{ status: string }>(
    `select status from kyc_documents where merchant_uuid = $1 and document_category = $2 and kyc_document_type = 'KYC' and active for update`,
    [merchantUuid, category],
  );
  if (current && !REPLACEABLE.includes(current.status)) throw apiError('DOCUMENT_UNDER_REVIEW');
}

/**
 * Stores one file as a whole document (a single-file upload): the file is its only page and its processed document;
 * it replaces the category's document in force, which must be replaceable (a KYC document; whether an agreement takes
 * a signed copy, its caller asks the rules).
 */
export async function saveWholeDocument(tx: Queryable, files: ContentStore, merchantUuid: string, target: UploadTarget, upload: FileToStore, by: DocumentActor): Promise<string> {
  const kind = target.kind ?? 'KYC';
  if (kind === 'KYC') await assertReplaceable(tx, merchantUuid, target.category);
  const file = await saveFile(tx, files, upload, { merchantUuid, kind: 'kyc_document', createdBy: by.userId });
  const uuid = randomUUID();
  await tx.query(
    `insert into kyc_documents (uuid, merchant_uuid, kyc_document_type, record_type, document_category, document_type, processed_file_id, attachment_count, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, 1, $8)`,
    [uuid, merchantUuid, kind, target.recordType ?? 'Merchant', target.category, target.type, file.id, by.userId],
  );
  await tx.query('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2)', [uuid, file.id]);
  await activate(tx, merchantUuid, uuid, target.category, kind, target.inForceStatus ?? 'Pending');
  await recordDocumentEvent(tx, merchantUuid, uuid, by, 'document.uploaded', { category: target.category, type: target.type, file: file.name, byte_size: file.byteSize });
  return uuid;
}

/**
 * Adds a page (or side) to the draft of a category and type, starting the draft if there is none. The page cap is
 * taken in one conditional UPDATE, so concurrent uploads cannot pass it; past it the upload is refused (422) and
 * nothing is stored.
 */
export async function addPage(
  tx: Queryable,
  files: ContentStore,
  merchantUuid: string,
  target: UploadTarget & { maxPages: number },
  upload: FileToStore,
  by: DocumentActor,
  draftUuid?: string,
): Promise<{ id: number; kyc_document_uuid: string }> {
  let uuid = draftUuid;
  if (!uuid) {
    await tx.query(
      `insert into kyc_documents (uuid, merchant_uuid, kyc_document_type, record_type, document_category, document_type, created_by) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (merchant_uuid, document_category, coalesce(document_type, '')) where processed_file_id is null and not active do nothing`,
      [randomUUID(), merchantUuid, target.kind ?? 'KYC', target.recordType ?? 'Merchant', target.category, target.type, by.userId],
    );
    const [draft] = await tx.query<{ uuid: string }>(
      `select uuid from kyc_documents where merchant_uuid = $1 and document_category = $2 and coalesce(document_type, '') = coalesce($3, '')
          and processed_file_id is null and not active`,
      [merchantUuid, target.category, target.type],
    );
    uuid = draft!.uuid;
  }
  const [taken] = await tx.query<{ uuid: string }>(
    `update kyc_documents set attachment_count = attachment_count + 1, updated_at = now()
      where uuid = $1 and merchant_uuid = $2 and processed_file_id is null and not active and attachment_count < $3 returning uuid`,
    [uuid, merchantUuid, target.maxPages],
  );
  if (!taken) throw apiError('TOO_MANY_PAGES', { max: target.maxPages });
  const file = await saveFile(tx, files, upload, { merchantUuid, kind: 'kyc_page', createdBy: by.userId });
  const [attachment] = await tx.query<{ id: string }>('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2) returning id', [uuid, file.id]);
  await recordDocumentEvent(tx, merchantUuid, uuid, by, 'page.added', { category: target.category, type: target.type, file: file.name, byte_size: file.byteSize });
  return { id: Number(attachment!.id), kyc_document_uuid: uuid };
}

/** Removes pages from a draft (and their files). Pages of a merged document are part of it and stay. */
export async function removePages(tx: Queryable, merchantUuid: string, draftUuid: string, attachmentIds: readonly number[], by: DocumentActor): Promise<void> {
  const [draft] = await tx.query<{ uuid: string }>(
    'select uuid from kyc_documents where uuid = $1 and merchant_uuid = $2 and processed_file_id is null and not active for update',
    [draftUuid, merchantUuid],
  );
  if (!draft) throw apiError('NOT_FOUND');
  const removed = await tx.query<{ file_id: string }>('delete from kyc_document_attachments where kyc_document_uuid = $1 and id = any($2::bigint[]) returning file_id', [
    draftUuid,
    attachmentIds,
  ]);
  if (removed.length !== attachmentIds.length) throw apiError('NOT_FOUND');
  await tx.query('delete from stored_files where id = any($1::uuid[])', [removed.map((row) => row.file_id)]);
  await tx.query('update kyc_documents set attachment_count = attachment_count - $2, updated_at = now() where uuid = $1', [draftUuid, removed.length]);
  await recordDocumentEvent(tx, merchantUuid, draftUuid, by, 'page.removed', { attachments: attachmentIds });
}

/**
 * Deletes a document the merchant may still replace (a draft of any class, or a KYC document of the Documents tab not
 * yet sent for review), with its files. A website document is part of its website's review and stays.
 */
export async function deleteDocument(tx: Queryable, merchantUuid: string, uuid: string, by: DocumentActor): Promise<void> {
  const [document] = await tx.query<DocumentRow>("select * from kyc_documents where uuid = $1 and merchant_uuid = $2 and record_type = 'Merchant' for update", [uuid, merchantUuid]);
  if (!document) throw apiError('NOT_FOUND');
  const draft = !document.active && document.processed_file_id === null;
  if (!draft && (document.kyc_document_type !== 'KYC' || !REPLACEABLE.includes(document.status) || (document.active && document.status !== 'Pending'))) {
    throw apiError('DOCUMENT_UNDER_REVIEW');
  }
  await deleteWithFiles(tx, document);
  await recordDocumentEvent(tx, merchantUuid, uuid, by, 'document.deleted', { category: document.document_category, type: document.document_type });
}

/**
 * The pages of a draft in `order` (every page exactly once), read for merging outside any transaction: the merge runs
 * in a parse worker and may take seconds, no lock is held meanwhile ({@link mergeDraft} checks the pages again).
 */
export async function pagesToMerge(db: Queryable, files: ContentStore, merchantUuid: string, uuid: string, order: readonly number[]): Promise<PageToMerge[]> {
  const [draft] = await db.query<{ uuid: string }>('select uuid from kyc_documents where uuid = $1 and merchant_uuid = $2 and processed_file_id is null and not active', [uuid, merchantUuid]);
  if (!draft) throw apiError('NOT_FOUND');
  const pages = await db.query<{ id: string; file_id: string; mime_type: string }>(
    'select a.id, a.file_id, f.mime_type from kyc_document_attachments a join stored_files f on f.id = a.file_id where a.kyc_document_uuid = $1',
    [uuid],
  );
  const byId = new Map(pages.map((page) => [Number(page.id), page]));
  if (order.length !== pages.length || new Set(order).size !== order.length || !order.every((id) => byId.has(id))) throw apiError('PAGE_ORDER_INVALID');
  const contents = await fileContents(db, files, pages.map((page) => page.file_id));
  return order.map((id) => {
    const page = byId.get(id)!;
    const content = contents.get(page.file_id);
    if (!content) throw apiError('PAGE_ORDER_INVALID');
    return { content, mime_type: page.mime_type };
  });
}

/**
 * Stores `merged` (the draft's pages in `order`, merged by the parse worker) as the draft's processed file and puts the
 * document in force in its category, with `inForceStatus` (a KYC document: Pending, to be sent for review). The draft
 * must still hold exactly the pages merged (a page added or removed meanwhile: PAGE_ORDER_INVALID, merge again).
 */
export async function mergeDraft(
  tx: Queryable,
  files: ContentStore,
  merchantUuid: string,
  uuid: string,
  order: readonly number[],
  merged: Uint8Array,
  by: DocumentActor,
  dates: { issue_date?: string | null; expiry_date?: string | null } = {},
  inForceStatus = 'Pending',
): Promise<void> {
  const [draft] = await tx.query<DocumentRow>(
    'select * from kyc_documents where uuid = $1 and merchant_uuid = $2 and processed_file_id is null and not active for update',
    [uuid, merchantUuid],
  );
  if (!draft) throw apiError('NOT_FOUND');
  if (draft.kyc_document_type === 'KYC') await assertReplaceable(tx, merchantUuid, draft.document_category);
  const pages = await tx.query<{ id: string }>('select id from kyc_document_attachments where kyc_document_uuid = $1', [uuid]);
  if (pages.length !== order.length || !pages.every((page) => order.includes(Number(page.id)))) throw apiError('PAGE_ORDER_INVALID');
  const file = await saveFile(tx, files, { content: merged, type: 'pdf', name: `${draft.document_category.toLowerCase()}.pdf`, origin: 'merge' }, { merchantUuid, kind: 'kyc_document', createdBy: by.userId });
  await tx.query('update kyc_documents set processed_file_id = $2, issue_date = $3, expiry_date = $4, updated_at = now() where uuid = $1', [
    uuid,
    file.id,
    dates.issue_date ?? null,
    dates.expiry_date ?? null,
  ]);
  await activate(tx, merchantUuid, uuid, draft.document_category, draft.kyc_document_type, inForceStatus);
  await recordDocumentEvent(tx, merchantUuid, uuid, by, 'document.merged', { category: draft.document_category, type: draft.document_type, order, byte_size: file.byteSize });
}

/**
 * Puts a document in force in its category with `status`. The one of its class it replaces is kept for the record,
 * inactive, once it was sent for review; a KYC document the merchant never sent (Pending) is deleted with its files,
 * so replacing a document before sending it does not fill the merchant's storage.
 */
async function activate(tx: Queryable, merchantUuid: string, uuid: string, category: string, kind: KycDocumentOut['kyc_document_type'], status: string): Promise<void> {
  const replaced = await tx.query<{ uuid: string; processed_file_id: string | null; status: string }>(
    `update kyc_documents set active = false, updated_at = now() where merchant_uuid = $1 and document_category = $2 and kyc_document_type = $3 and active
     returning uuid, processed_file_id, status`,
    [merchantUuid, category, kind],
  );
  for (const document of replaced) if (kind === 'KYC' && document.status === 'Pending') await deleteWithFiles(tx, document);
  await tx.query('update kyc_documents set active = true, status = $2, remarks = null, updated_at = now() where uuid = $1', [uuid, status]);
}

/** Deletes a document row with its pages' and processed files (their storage is released by the database's trigger). */
async function deleteWithFiles(tx: Queryable, document: { uuid: string; processed_file_id: string | null }): Promise<void> {
  const files = await tx.query<{ file_id: string }>('select file_id from kyc_document_attachments where kyc_document_uuid = $1', [document.uuid]);
  await tx.query('delete from kyc_documents where uuid = $1', [document.uuid]);
  const fileIds = [...files.map((row) => row.file_id), ...(document.processed_file_id ? [document.processed_file_id] : [])];
  await tx.query('delete from stored_files where id = any($1::uuid[])', [fileIds]);
}

/**
 * Sends the merchant's documents for review (submit_documents, receive_all_docs, final_doc_submit): every required
 * category must have a document in force that was not declined, else `missing` lists them and nothing changes. Those
 * not yet sent become DOCUMENT_SUBMITTED, or DOCUMENT_REUPLOADED where they replace a declined one.
 */
export async function sendForReview(
  tx: Queryable,
  merchantUuid: string,
  required: readonly string[],
  by: DocumentActor,
): Promise<{ missing: string[]; reuploaded: boolean }> {
  const inForce = await tx.query<{ uuid: string; document_category: string; status: string }>(
    `select uuid, document_category, status from kyc_documents where merchant_uuid = $1 and kyc_document_type = 'KYC' and record_type = 'Merchant' and active for update`,
    [merchantUuid],
  );
  const missing = required.filter((category) => !inForce.some((document) => document.document_category === category && document.status !== 'Declined'));
  if (missing.length) return { missing, reuploaded: false };
  const declinedBefore = await tx.query<{ document_category: string }>(
    `select distinct document_category from kyc_documents where merchant_uuid = $1 and kyc_document_type = 'KYC' and record_type = 'Merchant' and not active and status = 'Declined'`,
    [merchantUuid],
  );
  const replacing = new Set(declinedBefore.map((row) => row.document_category));
  let reuploaded = false;
  for (const document of inForce.filter((row) => row.status === 'Pending')) {
    const status = replacing.has(document.document_category) ? 'DOCUMENT_REUPLOADED' : 'DOCUMENT_SUBMITTED';
    reuploaded ||= status === 'DOCUMENT_REUPLOADED';
    await tx.query('update kyc_documents set status = $2, updated_at = now() where uuid = $1', [document.uuid, status]);
    await recordDocumentEvent(tx, merchantUuid, document.uuid, by, 'document.submitted', { category: document.document_category, status });
  }
  return { missing: [], reuploaded };
}

/**
 * A staff review of a document sent for review: Approved, or Declined with a remark. Returns the merchant's
 * document_status that follows: Docs Error while any document in force is declined, Docs Approved once every
 * required category's document is approved, else unchanged (null).
 */
export async function reviewDocument(
  tx: Queryable,
  merchantUuid: string,
  uuid: string,
  review: { status: 'Approved' | 'Declined'; remarks: string | null },
  required: readonly string[],
  by: DocumentActor,
): Promise<'Docs Error' | 'Docs Approved' | null> {
  const [document] = await tx.query<DocumentRow>(
    "select * from kyc_documents where uuid = $1 and merchant_uuid = $2 and active and kyc_document_type = 'KYC' and record_type = 'Merchant' for update",
    [uuid, merchantUuid],
  );
  if (!document) throw apiError('NOT_FOUND');
  if (![...SUBMITTED, 'Approved', 'Declined'].includes(document.status)) throw apiError('DOCUMENT_NOT_SUBMITTED');
  await tx.query('update kyc_documents set status = $2, remarks = $3, updated_at = now() where uuid = $1', [uuid, review.status, review.remarks]);
  await recordDocumentEvent(tx, merchantUuid, uuid, by, `document.${review.status.toLowerCase()}`, { category: document.document_category, remarks: review.remarks, was: document.status });
  const inForce = await tx.query<{ document_category: string; status: string }>(
    "select document_category, status from kyc_documents where merchant_uuid = $1 and kyc_document_type = 'KYC' and record_type = 'Merchant' and active",
    [merchantUuid],
  );
  if (inForce.some((row) => row.status === 'Declined')) return 'Docs Error';
  if (required.every((category) => inForce.some((row) => row.document_category === category && row.status === 'Approved'))) return 'Docs Approved';
  return null;
}

/** The documents in force as the rules read them (`kyc_documents` of rules/defs.json). */
export async function documentsForRules(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string): Promise<KycDocumentOut[]> {
  return (await listDocuments(db, catalogue, merchantUuid)).filter((document) => document.active);
}
