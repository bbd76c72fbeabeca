import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import type { FieldErrors } from '../../schemas/types';
import type { Queryable } from '../db/database';
import { documentsForRules, MAX_PAGES, recordDocumentEvent, type DocumentActor, type UploadTarget } from '../documents/kycDocuments';
import type { DocumentCatalogue } from '../documents/requirementsSource';
import { categoryOut } from '../documents/categoryOut';
import { apiError } from '../errors';
import { saveRecord, type MerchantRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';
import { AGREEMENT_CATEGORY, AGREEMENT_TYPE, withAgreementStatus } from './agreements';

/**
 * The status a signed (and stamped) copy of the agreement comes into force with, as the upload names it (onboarding
 * spec section 7: POST kyc_documents "for agreements also kyc_document_type=Agreement, status=Counter Signed Received,
 * active=true"). What it means for the merchant's Agreement status is the rules' (tables.agreementFileStatuses).
 */
export const AGREEMENT_COPY_STATUS = 'Counter Signed Received';

/** Where a signed copy goes: the agreement's category and type, as an Agreement of the merchant, several pages at most. */
export const AGREEMENT_COPY_TARGET: UploadTarget & { maxPages: number } = {
  category: AGREEMENT_CATEGORY,
  type: AGREEMENT_TYPE,
  kind: 'Agreement',
  recordType: 'Merchant',
  inForceStatus: AGREEMENT_COPY_STATUS,
  maxPages: MAX_PAGES,
};

/** The form fields the app sends with a signed copy (the spec's, with the catalogue's category and type codes). */
export const AGREEMENT_COPY_FIELDS: Readonly<Record<string, string>> = {
  document_category: AGREEMENT_CATEGORY,
  document_type: AGREEMENT_TYPE,
  kyc_document_type: 'Agreement',
  status: AGREEMENT_COPY_STATUS,
  active: 'true',
};

/** Whether an upload's fields say it is a signed copy of the agreement (kyc_document_type=Agreement). */
export const isAgreementCopy = (fields: Readonly<Record<string, string>>): boolean => fields.kyc_document_type !== undefined;

/**
 * What is wrong with the fields of a signed copy's upload (null: nothing): the agreement's category and type, the class
 * Agreement, and, when given, the spec's status and active=true (a client may not choose another status).
 */
export function agreementCopyFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors | null {
  const errors: FieldErrors = {};
  if (fields.kyc_document_type !== 'Agreement') errors.kyc_document_type = [message('server.agreement.copyFieldsInvalid')];
  if (fields.document_category !== AGREEMENT_CATEGORY) errors.document_category = [message('documents.notAsked')];
  else if (fields.document_type !== AGREEMENT_TYPE) errors.document_type = [message('documents.typeRequired')];
  if (fields.status !== undefined && fields.status !== AGREEMENT_COPY_STATUS) errors.status = [message('server.agreement.copyFieldsInvalid')];
  if (fields.active !== undefined && fields.active !== 'true') errors.active = [message('server.agreement.copyFieldsInvalid')];
  return Object.keys(errors).length ? errors : null;
}

/** What the rules say of the merchant's agreement given its documents in force. */
async function agreementRulesOf(q: Queryable, record: MerchantRecord, catalogue: DocumentCatalogue) {
  return evaluateStatus(record, rulesConfig, { kycDocuments: await documentsForRules(q, catalogue, record.uuid) });
}

/**
 * What the agreement step needs to offer the upload of a signed copy: whether the rules take one now, the agreement's
 * category as the documents uploader shows it, and the fields to send with it.
 */
export async function signedCopyOffer(q: Queryable, record: MerchantRecord, catalogue: DocumentCatalogue) {
  return {
    wanted: (await agreementRulesOf(q, record, catalogue)).agreementCopyWanted === true,
    category: categoryOut(catalogue, AGREEMENT_CATEGORY, catalogue.categories[AGREEMENT_CATEGORY]!),
    fields: AGREEMENT_COPY_FIELDS,
  };
}

/**
 * Refuses (409) a signed copy the rules do not take now (status rule agreementCopyWanted): before the agreement is
 * generated, once it is signed, or while a copy waits for the review.
 */
export async function assertAgreementCopyWanted(q: Queryable, record: MerchantRecord, catalogue: DocumentCatalogue): Promise<void> {
  if ((await agreementRulesOf(q, record, catalogue)).agreementCopyWanted !== true) throw apiError('AGREEMENT_COPY_NOT_WANTED');
}

/**
 * Writes the merchant's Agreement status as the rules derive it from its agreement file in force (status rule
 * agreementStatusOfFile), after a copy came into force or was reviewed; open pages are told. Unchanged: nothing written.
 */
export async function syncAgreementStatus(tx: Queryable, record: MerchantRecord, catalogue: DocumentCatalogue, by: DocumentActor, kind: string): Promise<MerchantRecord> {
  const status = (await agreementRulesOf(tx, record, catalogue)).agreementStatusOfFile;
  if (typeof status !== 'string' || status === evaluateStatus(record, rulesConfig).agreementStatus) return record;
  const updated = withAgreementStatus(record, status);
  await saveRecord(tx, updated, by.userId, kind, { agreement_status: status });
  await notifyProfile(tx, record.uuid, { agreement_status: status });
  return updated;
}

/**
 * The staff review of a signed copy waiting for it (Counter Signed Received): Approved, or Declined with the remark
 * the merchant reads. 404 for anything else (another document, a generated agreement, a copy already reviewed).
 */
export async function reviewAgreementCopy(
  tx: Queryable,
  merchantUuid: string,
  uuid: string,
  review: { status: 'Approved' | 'Declined'; remarks: string | null },
  by: DocumentActor,
): Promise<void> {
  const [copy] = await tx.query<{ status: string }>(
    "select status from kyc_documents where uuid = $1 and merchant_uuid = $2 and kyc_document_type = 'Agreement' and active and status = $3 for update",
    [uuid, merchantUuid, AGREEMENT_COPY_STATUS],
  );
  if (!copy) throw apiError('NOT_FOUND');
  await tx.query('update kyc_documents set status = $2, remarks = $3, updated_at = now() where uuid = $1', [uuid, review.status, review.remarks]);
  await recordDocumentEvent(tx, merchantUuid, uuid, by, `agreement.copy_${review.status.toLowerCase()}`, { remarks: review.remarks });
}
