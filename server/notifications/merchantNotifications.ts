import { createHash } from 'node:crypto';
import { allStepsCompleted } from '../../rules/allStepsCompleted';
import rulesConfig from '../../rules/config';
import { evaluate } from '../../rules/evaluate';
import type { Queryable } from '../db/database';
import { SUBMITTED } from '../documents/kycDocuments';
import type { DocumentCatalogue } from '../documents/requirementsSource';
import type { MerchantRecord } from '../merchants/store';
import type { NoticeParams } from './notificationTexts';

/** The job that delivers a queued notice (server/notifications/notificationJob.ts). */
export const NOTIFICATION_JOB = 'merchant.notify';

/**
 * The notices merchants are sent: the page of the app (under /app) each links to, and its text's catalogue key
 * (schemas/messages/notifications.*.json), which may depend on the notice's facts.
 */
export const NOTICES = {
  documentDeclined: { link: '/onboarding/documents', text: () => 'notify.documentDeclined' },
  documentApproved: { link: '/onboarding/documents', text: () => 'notify.documentApproved' },
  reviewFinished: { link: '/onboarding/documents', text: (params: NoticeParams) => (params.declined ? 'notify.reviewFinished.withDeclined' : 'notify.reviewFinished.allApproved') },
  activated: { link: '/onboarding', text: () => 'notify.activated' },
} as const;

/** A kind of notice. */
export type NoticeKind = keyof typeof NOTICES;

/** Where a notice goes: the merchant's e-mail and registered mobile, those known. */
export interface Recipient {
  channel: 'email' | 'sms';
  recipient: string;
}

/**
 * Queues a notice to a merchant about `subject` (a document, a review round; '' for a notice sent once), unless one of
 * this kind about it was queued before: its row (unique by merchant, kind and subject) and its delivery job are
 * inserted by one statement, so a concurrent request, another process or a retry inserts neither, and the notice
 * exists only if the caller's transaction commits. The job is due at once by any runner's clock. Returns whether it
 * was queued now.
 */
export async function queueNotice(db: Queryable, record: MerchantRecord, kind: NoticeKind, subject: string, params: NoticeParams): Promise<boolean> {
  const recipients: Recipient[] = [
    ...(typeof record.email === 'string' && record.email ? [{ channel: 'email' as const, recipient: record.email }] : []),
    ...(typeof record.registered_mobile === 'string' && record.registered_mobile ? [{ channel: 'sms' as const, recipient: record.registered_mobile }] : []),
  ];
  if (!recipients.length) return false;
  const facts = { name: typeof record.name === 'string' ? record.name : null, mid: record.mid, ...params };
  const queued = await db.query(
    `with notice as (
       insert into merchant_notifications (merchant_uuid, kind, subject, params, recipients) values ($1, $2, $3, $4, $5)
       on conflict (merchant_uuid, kind, subject) do nothing
       returning id)
     insert into jobs (kind, payload, run_at) select $6, jsonb_build_object('notification_id', id), 'epoch'::timestamptz from notice returning id`,
    [record.uuid, kind, subject, JSON.stringify(facts), JSON.stringify(recipients), NOTIFICATION_JOB],
  );
  return queued.length > 0;
}

/** The catalogue key of a document category's label (the human label, never the code). */
export const categoryLabel = (catalogue: DocumentCatalogue, category: string): string => catalogue.categories[category]?.label ?? `documents.category.${category}`;

/**
 * Tells the merchant a reviewer approved or declined one of their documents (`subject`: the document's id; `label`:
 * its category's label key), with the reviewer's reason for a decline. Once per document and verdict.
 */
export async function notifyDocumentReviewed(
  db: Queryable,
  record: MerchantRecord,
  review: { subject: string; label: string; status: 'Approved' | 'Declined'; remarks: string | null },
): Promise<void> {
  const kind = review.status === 'Approved' ? 'documentApproved' : 'documentDeclined';
  await queueNotice(db, record, kind, review.subject, { document: review.label, reason: review.remarks ?? '' });
}

/**
 * After a document review: once none of the merchant's documents in force waits for review, tells them the review is
 * finished, with how many were approved and declined. A review round is the set of documents reviewed, so a document
 * uploaded again and reviewed makes a new round, and reviewing a reviewed document again does not.
 */
export async function notifyIfReviewFinished(db: Queryable, record: MerchantRecord): Promise<void> {
  const inForce = await db.query<{ uuid: string; status: string }>(
    "select uuid, status from kyc_documents where merchant_uuid = $1 and kyc_document_type = 'KYC' and record_type = 'Merchant' and active",
    [record.uuid],
  );
  if (inForce.some((document) => SUBMITTED.includes(document.status))) return;
  const reviewed = inForce.filter((document) => document.status === 'Approved' || document.status === 'Declined');
  if (!reviewed.length) return;
  const round = createHash('sha256').update(reviewed.map((document) => document.uuid).sort().join(' ')).digest('hex');
  const approved = reviewed.filter((document) => document.status === 'Approved').length;
  await queueNotice(db, record, 'reviewFinished', round, { approved, declined: reviewed.length - approved });
}

/**
 * Tells the merchant their account is activated the first time a saved record has every step completed (as the step
 * rules say, the same the app shows). Called wherever a merchant record is written.
 */
export async function notifyIfActivated(db: Queryable, record: MerchantRecord): Promise<void> {
  if (allStepsCompleted(evaluate(record, rulesConfig))) await queueNotice(db, record, 'activated', '', {});
}
