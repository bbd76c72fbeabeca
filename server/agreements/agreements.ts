import { randomUUID } from 'node:crypto';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import type { Database, Queryable } from '../db/database';
import { enqueueJob, type JobHandler } from '../jobs/jobQueue';
import type { ContentStore } from '../files/contentStore';
import { saveFile } from '../files/fileStore';
import { recordDocumentEvent } from '../documents/kycDocuments';
import { lockedRecord, saveRecord, type MerchantRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';
import { agreementContent, agreementHtml, agreementPdf } from './serviceAgreement';

export const AGREEMENT_JOB = 'agreement.generate';
/** The document category and type an agreement is filed under (schemas/documents/document-catalogue.json). */
export const AGREEMENT_CATEGORY = 'SERVICE_AGREEMENT';
export const AGREEMENT_TYPE = 'AGR';
/** Runs of the job before the request counts as failed (the merchant then sees RETRY, the spec's "Something went wrong!"). */
export const AGREEMENT_ATTEMPTS = 3;

/** The business details the agreement needs (the agreement details dialog asks for those missing). */
export const AGREEMENT_DETAILS = ['business_category_id', 'business_sub_category_id', 'monthly_expected_volume'] as const;

export type AgreementRequestStatus = 'queued' | 'done' | 'failed';

/** What stands in the way of generating the agreement for a record, if anything. */
export function agreementBlocker(record: MerchantRecord): { details: string[] } | { website: true } | null {
  const details = AGREEMENT_DETAILS.filter((field) => record[field] === null || record[field] === undefined || record[field] === '');
  if (details.length) return { details };
  // The same rule the service agreement row shows (rules/status.json agreementWebsiteReady).
  return evaluateStatus(record, rulesConfig).agreementWebsiteReady === true ? null : { website: true };
}

/** The merchant's agreement request: its status and how many runs failed; null when none was made. */
export async function agreementRequest(db: Queryable, merchantUuid: string): Promise<{ status: AgreementRequestStatus; failures: number } | null> {
  const [row] = await db.query<{ status: AgreementRequestStatus; failures: number }>('select status, failures from agreement_requests where merchant_uuid = $1', [merchantUuid]);
  return row ?? null;
}

/**
 * Queues the agreement's generation, once: a request already queued stays as it is (one job); a failed or done one is
 * queued again, keeping its count of failures (a second failure sends the merchant to CONTACT US). One statement, so
 * two requests at once make one job.
 */
export async function queueAgreement(tx: Queryable, merchantUuid: string, userId: string, now: Date): Promise<void> {
  const [row] = await tx.query<{ queued: boolean }>(
    `insert into agreement_requests (merchant_uuid, status, requested_by, updated_at) values ($1, 'queued', $2, $3)
     on conflict (merchant_uuid) do update set status = 'queued', requested_by = excluded.requested_by, updated_at = excluded.updated_at
       where agreement_requests.status <> 'queued'
     returning true as queued`,
    [merchantUuid, userId, now],
  );
  if (row?.queued) await enqueueJob(tx, AGREEMENT_JOB, { merchant_uuid: merchantUuid, requested_by: userId }, now);
}

/** A record with its Agreement status set (one entry per status type). */
export function withAgreementStatus(record: MerchantRecord, status: string): MerchantRecord {
  const statuses = record.merchant_statuses.filter((entry) => entry.status_type !== 'Agreement');
  return { ...record, merchant_statuses: [...statuses, { status_type: 'Agreement', status_value: status }] };
}

/**
 * The job that writes the agreement from the record as it is when it runs: the PDF (the processed file of a KYC
 * document of type Agreement, in force, status Pending) and the HTML read in the acceptance frame; the merchant's
 * Agreement status becomes Pending and open pages are told. A run that throws is retried by the queue; after
 * {@link AGREEMENT_ATTEMPTS} failed runs the request is marked failed and the job ends.
 */
export function agreementJob(db: Database, files: ContentStore): JobHandler {
  return async (job, now) => {
    const { merchant_uuid: merchantUuid, requested_by: requestedBy } = job.payload as { merchant_uuid: string; requested_by: string };
    try {
      await db.transaction(async (tx) => {
        const record = await lockedRecord(tx, merchantUuid);
        if (!record) return;
        const content = agreementContent(record, now);
        const pdf = await agreementPdf(content, now);
        const file = await saveFile(tx, files, { content: pdf, type: 'pdf', name: 'service-agreement.pdf', origin: 'generated' }, { merchantUuid, kind: 'service_agreement', createdBy: requestedBy });
        const uuid = randomUUID();
        await tx.query(
          `update kyc_documents set active = false, updated_at = now() where merchant_uuid = $1 and kyc_document_type = 'Agreement' and document_category = $2 and active`,
          [merchantUuid, AGREEMENT_CATEGORY],
        );
        await tx.query(
          `insert into kyc_documents (uuid, merchant_uuid, kyc_document_type, document_category, document_type, status, active, processed_file_id, attachment_count, created_by)
           values ($1, $2, 'Agreement', $3, $4, 'Pending', true, $5, 1, $6)`,
          [uuid, merchantUuid, AGREEMENT_CATEGORY, AGREEMENT_TYPE, file.id, requestedBy],
        );
        await tx.query('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2)', [uuid, file.id]);
        await tx.query('insert into service_agreements (kyc_document_uuid, merchant_uuid, html) values ($1, $2, $3)', [uuid, merchantUuid, agreementHtml(content)]);
        await recordDocumentEvent(tx, merchantUuid, uuid, { userId: requestedBy, actor: 'system' }, 'agreement.generated', { byte_size: file.byteSize });
        await saveRecord(tx, withAgreementStatus(record, 'Pending'), requestedBy, 'agreement.generated', { kyc_document_uuid: uuid });
        await tx.query(`update agreement_requests set status = 'done', updated_at = $2 where merchant_uuid = $1`, [merchantUuid, now]);
        await notifyProfile(tx, merchantUuid, { agreement_status: 'Pending' });
      });
      return { done: true };
    } catch (error) {
      if (job.attempts < AGREEMENT_ATTEMPTS) throw error;
      await db.query(`update agreement_requests set status = 'failed', failures = failures + 1, updated_at = $2 where merchant_uuid = $1`, [merchantUuid, now]);
      await notifyProfile(db, merchantUuid, { agreement_status: null });
      return { done: true };
    }
  };
}
