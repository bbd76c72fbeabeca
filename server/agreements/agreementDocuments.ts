import type { Queryable } from '../db/database';
import { listDocuments, type KycDocumentOut } from '../documents/kycDocuments';
import type { DocumentCatalogue } from '../documents/requirementsSource';

/** Who e-signed the agreement, as the agreement keeps it. */
export interface AgreementSignature {
  fileId: string;
  sha256: string;
  at: Date;
  by: { user_id: string; name: string; email: string };
}

/** The merchant's agreement in force (a KYC document of type Agreement), or null. */
export async function activeAgreement(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string): Promise<KycDocumentOut | null> {
  const documents = await listDocuments(db, catalogue, merchantUuid, { kycDocumentType: ['Agreement'] });
  return documents.filter((document) => document.active).at(-1) ?? null;
}

/**
 * The agreement's own file, to download and sign on paper: the one generated (e-signed once signed), whatever signed
 * copy is in force in its place; null before one is generated.
 */
export async function agreementFileOf(db: Queryable, merchantUuid: string): Promise<{ path: string; filename: string } | null> {
  const [row] = await db.query<{ id: string; name: string }>(
    `select f.id, f.name from service_agreements s join kyc_documents d on d.uuid = s.kyc_document_uuid join stored_files f on f.id = d.processed_file_id
      where s.merchant_uuid = $1 order by s.created_at desc limit 1`,
    [merchantUuid],
  );
  return row ? { path: `/api/v1/files/${row.id}`, filename: row.name } : null;
}

/** The merchant whose agreement the KYC document is, or null when it is no agreement. */
export async function merchantUuidOfAgreement(db: Queryable, agreementUuid: string): Promise<string | null> {
  const [row] = await db.query<{ merchant_uuid: string }>('select merchant_uuid from service_agreements where kyc_document_uuid = $1', [agreementUuid]);
  return row?.merchant_uuid ?? null;
}

/** The agreement's HTML as it was generated, with its merchant; null when the KYC document is no agreement. */
export async function generatedAgreementHtml(db: Queryable, agreementUuid: string): Promise<{ merchant_uuid: string; html: string } | null> {
  const [row] = await db.query<{ merchant_uuid: string; html: string }>('select merchant_uuid, html from service_agreements where kyc_document_uuid = $1', [agreementUuid]);
  return row ?? null;
}

/** The generated agreement's PDF (the document's processed file), or null. */
export async function agreementPdfFileOf(db: Queryable, agreementUuid: string): Promise<string | null> {
  const [row] = await db.query<{ processed_file_id: string | null }>('select processed_file_id from kyc_documents where uuid = $1', [agreementUuid]);
  return row?.processed_file_id ?? null;
}

/** The document to e-sign (the agreement and its Schedule C as one PDF) once written, or null. */
export async function mergedFileOf(db: Queryable, agreementUuid: string): Promise<string | null> {
  const [row] = await db.query<{ merged_file_id: string | null }>('select merged_file_id from service_agreements where kyc_document_uuid = $1', [agreementUuid]);
  return row?.merged_file_id ?? null;
}

/** Keeps `fileId` as the document to e-sign unless one was kept before (a concurrent look that wrote first wins); answers the one kept. */
export async function keepMergedFile(tx: Queryable, agreementUuid: string, fileId: string): Promise<string> {
  const [kept] = await tx.query<{ merged_file_id: string }>(
    'update service_agreements set merged_file_id = coalesce(merged_file_id, $2) where kyc_document_uuid = $1 returning merged_file_id',
    [agreementUuid, fileId],
  );
  return kept!.merged_file_id;
}

/** Records that `userId` accepted the agreement at `now`: the document becomes accepted. */
export async function recordAgreementAcceptance(tx: Queryable, agreementUuid: string, userId: string, now: Date): Promise<void> {
  await tx.query(`update kyc_documents set status = 'accepted', updated_at = $2 where uuid = $1`, [agreementUuid, now]);
  await tx.query('update service_agreements set accepted_at = $2, accepted_by = $3 where kyc_document_uuid = $1', [agreementUuid, now, userId]);
}

/** Records the e-signed agreement: the document becomes Approved with the signed file as its own, and who signed it, when and its SHA-256. */
export async function recordAgreementSignature(tx: Queryable, agreementUuid: string, signature: AgreementSignature): Promise<void> {
  await tx.query(`update kyc_documents set status = 'Approved', processed_file_id = $2, updated_at = $3 where uuid = $1`, [agreementUuid, signature.fileId, signature.at]);
  await tx.query('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2)', [agreementUuid, signature.fileId]);
  await tx.query('update service_agreements set signed_file_id = $2, signed_sha256 = $3, signed_at = $4, signed_by = $5 where kyc_document_uuid = $1', [
    agreementUuid,
    signature.fileId,
    signature.sha256,
    signature.at,
    JSON.stringify(signature.by),
  ]);
}
