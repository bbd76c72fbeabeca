import rulesConfig from '../../rules/config';
import { documentRequirementsFor, evaluateStatus } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import type { Database, Queryable } from '../db/database';
import { GENERATED, GENERATOR_CALLS, generateDocument, type GeneratedKind } from '../documents/generatedDocuments';
import { documentsForRules, recordDocumentEvent, saveWholeDocument, type DocumentActor, type KycDocumentOut } from '../documents/kycDocuments';
import type { DocumentCatalogue, Requirements } from '../documents/requirementsSource';
import type { ContentStore } from '../files/contentStore';
import { openFile, saveFile } from '../files/fileStore';
import type { MerchantRecord } from '../merchants/store';
import { sha256Hex, signedWithPage, type Signer } from './esign';

/** A document the service agreement's e-sign signs with the same OTP: its category, what writes it, its title. */
export interface EsignableDocument {
  category: string;
  kind: GeneratedKind;
  title: string;
}

/** A document to e-sign as the signer reads it: written once per agreement, the same file at every look. */
export interface DocumentToSign extends EsignableDocument {
  fileId: string;
}

/** A document the e-sign signed and filed in its category. */
export interface EsignedDocument {
  category: string;
  kycDocumentUuid: string;
  fileId: string;
  filename: string;
}

/** The file name of a signed document: its generated name with "-signed" (authorisation-letter-signed.pdf). */
const signedName = (kind: GeneratedKind) => GENERATED[kind].file.replace(/\.pdf$/, '-signed.pdf');

/** Whether the merchant has a document in force in `category` (uploaded, or e-signed before). */
const inForce = (documents: readonly KycDocumentOut[], category: string) => documents.some((document) => document.document_category === category && document.kyc_document_type === 'KYC');

/**
 * The documents the merchant must or may provide that the agreement's e-sign can sign (the catalogue's templates
 * marked `esign`: the authorisation letter, Schedule C), split into those it signs and files (no document in force in
 * the category) and those it leaves as they are (the merchant uploaded one: a signed copy is never replaced).
 */
export async function esignableDocuments(q: Queryable, requirements: Requirements, record: MerchantRecord): Promise<{ toSign: EsignableDocument[]; kept: EsignableDocument[] }> {
  const { catalogue, rules } = requirements;
  const kycDocuments = await documentsForRules(q, catalogue, record.uuid);
  const needed = documentRequirementsFor(record, rules, { kycDocuments });
  const toSign: EsignableDocument[] = [];
  const kept: EsignableDocument[] = [];
  for (const category of [...needed.required, ...needed.optional]) {
    const template = catalogue.categories[category]?.template;
    const kind = template?.esign ? GENERATOR_CALLS[template.call] : undefined;
    if (!kind) continue;
    (inForce(kycDocuments, category) ? kept : toSign).push({ category, kind, title: message(GENERATED[kind].title) });
  }
  return { toSign, kept };
}

/**
 * The files the signer reads for `documents`, written from the record at the first look and kept for the agreement
 * (later looks, and the e-sign, use the same file: what is signed is what was read). Two first looks at once keep one.
 */
export async function documentsToSign(db: Database, store: ContentStore, agreementUuid: string, record: MerchantRecord, documents: readonly EsignableDocument[], now: Date, userId: string): Promise<DocumentToSign[]> {
  const written = await db.query<{ document_category: string; to_sign_file_id: string | null }>('select document_category, to_sign_file_id from esigned_documents where agreement_uuid = $1', [agreementUuid]);
  const files: DocumentToSign[] = [];
  for (const document of documents) {
    let fileId = written.find((row) => row.document_category === document.category)?.to_sign_file_id ?? null;
    if (!fileId) {
      const pdf = await generateDocument(document.kind, record, now);
      fileId = await db.transaction(async (tx) => {
        const file = await saveFile(tx, store, { content: pdf, type: 'pdf', name: GENERATED[document.kind].file, origin: 'generated' }, { merchantUuid: record.uuid, kind: 'esign_document', createdBy: userId });
        const [row] = await tx.query<{ to_sign_file_id: string }>(
          `insert into esigned_documents (agreement_uuid, merchant_uuid, document_category, to_sign_file_id) values ($1, $2, $3, $4)
           on conflict (agreement_uuid, document_category) do update set to_sign_file_id = coalesce(esigned_documents.to_sign_file_id, excluded.to_sign_file_id)
           returning to_sign_file_id`,
          [agreementUuid, record.uuid, document.category, file.id],
        );
        if (row!.to_sign_file_id !== file.id) await tx.query('delete from stored_files where id = $1', [file.id]);
        return row!.to_sign_file_id;
      });
    }
    files.push({ ...document, fileId });
  }
  return files;
}

/**
 * Of `documents`, those whose file the signer was shown (a first look at the review wrote it), locked for signing: a
 * document never shown is not signed.
 */
export async function documentsShown(tx: Queryable, agreementUuid: string, documents: readonly EsignableDocument[]): Promise<DocumentToSign[]> {
  const rows = await tx.query<{ document_category: string; to_sign_file_id: string }>(
    'select document_category, to_sign_file_id from esigned_documents where agreement_uuid = $1 and to_sign_file_id is not null for update',
    [agreementUuid],
  );
  return documents.flatMap((document) => {
    const row = rows.find((one) => one.document_category === document.category);
    return row ? [{ ...document, fileId: row.to_sign_file_id }] : [];
  });
}

/**
 * Signs `documents` (as {@link documentsShown} gives them) with the agreement's OTP, inside the transaction that signs
 * the agreement (the merchant locked): each file the signer read gets a signature page (who, for whom, when, the e-mail the OTP went to, the SHA-256 of what
 * was signed, and every document the OTP signed), is filed as the category's document (Pending: sent for review with
 * the merchant's other documents, like an upload), and its signature is recorded (who, when, the SHA-256 of the signed
 * bytes).
 */
export async function signWithAgreement(
  tx: Queryable,
  files: ContentStore,
  agreementUuid: string,
  merchantUuid: string,
  documents: readonly DocumentToSign[],
  signer: Signer,
  together: readonly string[],
  now: Date,
  by: DocumentActor,
): Promise<EsignedDocument[]> {
  const signed: EsignedDocument[] = [];
  for (const document of documents) {
    const toSign = await openFile(tx, files, document.fileId, [merchantUuid]);
    if (!toSign) continue;
    const bytes = await signedWithPage(toSign.content, signer, now, { statement: 'statementWithAgreement', together });
    const filename = signedName(document.kind);
    const kycDocumentUuid = await saveWholeDocument(tx, files, merchantUuid, { category: document.category, type: null }, { content: bytes, type: 'pdf', name: filename, origin: 'generated' }, by);
    const sha256 = sha256Hex(bytes);
    const [filed] = await tx.query<{ signed_file_id: string }>(
      `update esigned_documents set kyc_document_uuid = $3, signed_file_id = (select processed_file_id from kyc_documents where uuid = $3), signed_sha256 = $4, signed_at = $5, signed_by = $6
        where agreement_uuid = $1 and document_category = $2 returning signed_file_id`,
      [agreementUuid, document.category, kycDocumentUuid, sha256, now, JSON.stringify({ user_id: by.userId, name: signer.name, email: signer.email })],
    );
    await recordDocumentEvent(tx, merchantUuid, kycDocumentUuid, by, 'document.esigned', { category: document.category, sha256, agreement: agreementUuid });
    signed.push({ category: document.category, kycDocumentUuid, fileId: filed!.signed_file_id, filename });
  }
  return signed;
}

/** What the Documents tab says of e-signing a category with the agreement: done, possible, or nothing. */
export type EsignWithAgreement = 'signed' | 'offered' | null;

/**
 * For merchant_docs_req, per category: `signed` when its document in force was e-signed with the agreement;
 * `offered` when the agreement's e-sign would sign and file it (the catalogue marks it, none is in force, and the
 * e-sign is still ahead: status rule agreementEsignOpen); else null.
 */
export async function esignWithAgreementOf(q: Queryable, catalogue: DocumentCatalogue, record: MerchantRecord, kycDocuments: readonly KycDocumentOut[]): Promise<(category: string) => EsignWithAgreement> {
  const rows = await q.query<{ kyc_document_uuid: string }>('select kyc_document_uuid from esigned_documents where merchant_uuid = $1 and kyc_document_uuid is not null', [record.uuid]);
  const esigned = new Set(rows.map((row) => row.kyc_document_uuid));
  const open = evaluateStatus(record, rulesConfig, { kycDocuments: [...kycDocuments] }).agreementEsignOpen === true;
  return (category) => {
    const current = kycDocuments.find((document) => document.document_category === category && document.kyc_document_type === 'KYC');
    if (current) return esigned.has(current.uuid) ? 'signed' : null;
    return open && catalogue.categories[category]?.template?.esign === true ? 'offered' : null;
  };
}
