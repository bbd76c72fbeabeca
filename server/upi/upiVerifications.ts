import { randomUUID } from 'node:crypto';
import { message } from '../../schemas/messages';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../errors';
import { enqueueJob, type JobHandler } from '../jobs/jobQueue';
import type { MerchantRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';
import type { MessageAddress, UpiVerificationProvider } from '../providers/types';
import { branchOf } from '../reference/ifscDirectory';
import { bankOfKnownIfsc } from '../reference/ifscPackageBank';
import { expectedHolderNames, sameHolderName } from './holderNames';

/** What the merchant pays: ₹1.00, refunded. */
export const UPI_AMOUNT_PAISE = 100;
/** How long a request waits for its payment. */
export const UPI_REQUEST_MINUTES = 15;
/** Requests a merchant may make in an hour (the limit is taken under the merchant's row lock). */
export const UPI_REQUESTS_PER_HOUR = 5;
/** How long after its payment a paid request still verifies the bank form's account. */
export const UPI_PAID_VALID_HOURS = 24;
/** The job kind of a refund: one job per settled payment. */
export const UPI_REFUND_JOB = 'upi.refund';

/** The states of a request (server/db/migrations/024_upi_bank_verifications.sql). */
export type UpiStatus = 'WAITING' | 'PAID' | 'NAME_MISMATCH' | 'USED' | 'EXPIRED';

/** The payer's account as the payment reports it. */
export interface UpiPayer {
  account_number: string;
  ifsc: string;
  name: string;
  /** The payer's bank, when the payment names it; else read from the IFSC. */
  bank_name?: string;
}

interface RequestRow {
  uuid: string;
  status: UpiStatus;
  amount_paise: number;
  upi_link: string;
  expected_name: string;
  payer_account_number: string | null;
  payer_ifsc: string | null;
  payer_name: string | null;
  bank_name: string | null;
  expires_at: Date | string;
}

/** A request as the API answers it: the payer's account only once PAID, only the payer's name on a NAME_MISMATCH. */
export interface UpiVerificationView {
  uuid: string;
  status: UpiStatus;
  upi_link: string;
  amount: string;
  expires_at: string;
  payer?: { bank_account_number: string; ifsc_code: string; holder_name: string; bank_name: string } | { holder_name: string };
  expected_name?: string;
}

/** A request's status as of the query's `$2` (a waiting request past its time is EXPIRED), for the table aliased `alias`. */
const statusAsOf = (alias = '') => `case when ${alias}status = 'WAITING' and ${alias}expires_at <= $2::timestamptz then 'EXPIRED' else ${alias}status end`;

const COLUMNS = `uuid, amount_paise, upi_link, expected_name, payer_account_number, payer_ifsc, payer_name, bank_name, expires_at,
  ${statusAsOf()} as status`;

/** A stored request as the API answers it. */
export function upiVerificationView(row: RequestRow): UpiVerificationView {
  const view: UpiVerificationView = {
    uuid: row.uuid,
    status: row.status,
    upi_link: row.upi_link,
    amount: (row.amount_paise / 100).toFixed(2),
    expires_at: new Date(row.expires_at).toISOString(),
  };
  if (row.status === 'PAID' || row.status === 'USED') {
    view.payer = { bank_account_number: row.payer_account_number ?? '', ifsc_code: row.payer_ifsc ?? '', holder_name: row.payer_name ?? '', bank_name: row.bank_name ?? '' };
  }
  if (row.status === 'NAME_MISMATCH') {
    view.payer = { holder_name: row.payer_name ?? '' };
    view.expected_name = row.expected_name;
  }
  return view;
}

/**
 * Starts a request for a merchant whose row the caller's transaction holds locked (`for update`): refused (422) past
 * {@link UPI_REQUESTS_PER_HOUR} in the last hour, counted under that lock so concurrent requests never pass it.
 */
export async function createUpiRequest(tx: Queryable, provider: UpiVerificationProvider, record: MerchantRecord, userId: string, now: Date): Promise<UpiVerificationView> {
  const [recent] = await tx.query<{ count: number }>(
    `select count(*)::int as count from upi_bank_verifications where merchant_uuid = $1 and created_at > $2::timestamptz - interval '1 hour'`,
    [record.uuid, now],
  );
  if ((recent?.count ?? 0) >= UPI_REQUESTS_PER_HOUR) {
    throw new ApiError(422, { error: message('upi.tooMany', { count: UPI_REQUESTS_PER_HOUR }), code: 'UPI_TOO_MANY_REQUESTS' });
  }
  const [expectedName] = expectedHolderNames(record);
  if (!expectedName) throw new ApiError(409, { error: message('upi.noName'), code: 'UPI_NO_NAME' });
  const reference = randomUUID();
  const { upi_link } = await provider.request(reference, UPI_AMOUNT_PAISE, message('upi.payeeNote', { mid: record.mid }));
  const expiresAt = new Date(now.getTime() + UPI_REQUEST_MINUTES * 60_000);
  const [row] = await tx.query<RequestRow>(
    `insert into upi_bank_verifications (uuid, merchant_uuid, user_id, amount_paise, upi_link, expected_name, created_at, expires_at)
     values ($1, $3, $4, $5, $6, $7, $2, $8) returning ${COLUMNS}`,
    [reference, now, record.uuid, userId, UPI_AMOUNT_PAISE, upi_link, expectedName, expiresAt],
  );
  return upiVerificationView(row!);
}

/** One request of a merchant, or null. */
export async function upiRequestOf(db: Queryable, merchantUuid: string, reference: string, now: Date): Promise<UpiVerificationView | null> {
  const [row] = await db.query<RequestRow>(`select ${COLUMNS} from upi_bank_verifications where uuid = $1 and merchant_uuid = $3`, [reference, now, merchantUuid]);
  return row ? upiVerificationView(row) : null;
}

/** What a payment's arrival did: settled now, or the request it names was already settled, expired or unknown. */
export type SettleOutcome = { settled: true; status: 'PAID' | 'NAME_MISMATCH' } | { settled: false; status: UpiStatus | null };

/**
 * A payment arrived (the payment service's webhook, or the sandbox UPI app): a waiting, unexpired request becomes PAID
 * when the payer's name is one the merchant's account must be held in (server/upi/holderNames.ts, read from the record
 * now), else NAME_MISMATCH; the refund job starts and the live channel tells the merchant's open pages, all in one
 * transaction. Idempotent: a request already settled (or expired) is left as it is.
 */
export async function settleUpiPayment(db: Database, reference: string, payer: UpiPayer, now: Date): Promise<SettleOutcome> {
  const bankName = payer.bank_name?.trim() || (await branchOf(db, payer.ifsc))?.bank_name || bankOfKnownIfsc(payer.ifsc) || '';
  return db.transaction(async (tx) => {
    const [request] = await tx.query<{ merchant_uuid: string; status: UpiStatus; record: MerchantRecord }>(
      `select v.merchant_uuid, ${statusAsOf('v.')} as status, m.record
         from upi_bank_verifications v join merchants m on m.uuid = v.merchant_uuid where v.uuid = $1 for update of v`,
      [reference, now],
    );
    if (!request) return { settled: false, status: null };
    if (request.status !== 'WAITING') return { settled: false, status: request.status };
    const status = expectedHolderNames(request.record).some((name) => sameHolderName(name, payer.name)) ? 'PAID' : 'NAME_MISMATCH';
    await tx.query(
      `update upi_bank_verifications set status = $2, payer_account_number = $3, payer_ifsc = $4, payer_name = $5, bank_name = $6, paid_at = $7
        where uuid = $1`,
      [reference, status, payer.account_number, payer.ifsc, payer.name, bankName, now],
    );
    await tx.query(`insert into merchant_events (merchant_uuid, user_id, kind, detail) values ($1, null, 'upi.payment', $2)`, [
      request.merchant_uuid,
      JSON.stringify({ reference, status, account_ending: payer.account_number.slice(-4), ifsc_code: payer.ifsc }),
    ]);
    await enqueueJob(tx, UPI_REFUND_JOB, { reference }, now);
    await notifyProfile(tx, request.merchant_uuid, { upi_verification: { uuid: reference, status } });
    return { settled: true, status };
  });
}

/**
 * The bank form was sent with the account of a recent paid request of the merchant, held in the same name: that request
 * becomes USED (in the caller's transaction, which holds the merchant's row locked) and the account counts as verified.
 * False when no such request is there: the ordinary test deposit runs.
 */
export async function usePaidUpiRequest(tx: Queryable, merchantUuid: string, account: { bank_account_number: string; ifsc_code: string; holder_name: string }, now: Date): Promise<boolean> {
  const paid = await tx.query<{ uuid: string; payer_name: string }>(
    `select uuid, payer_name from upi_bank_verifications
      where merchant_uuid = $1 and status = 'PAID' and payer_account_number = $2 and payer_ifsc = $3
        and paid_at > $4::timestamptz - interval '${UPI_PAID_VALID_HOURS} hours'
      order by paid_at desc`,
    [merchantUuid, account.bank_account_number, account.ifsc_code, now],
  );
  const match = paid.find((request) => sameHolderName(request.payer_name, account.holder_name));
  if (!match) return false;
  await tx.query(`update upi_bank_verifications set status = 'USED', used_at = $2 where uuid = $1`, [match.uuid, now]);
  return true;
}

/** The refund job: gives the payment back through the provider, once, and notes when. */
export function upiRefundJob(db: Database, provider: UpiVerificationProvider): JobHandler {
  return async (job, now) => {
    const reference = String((job.payload as { reference?: unknown }).reference ?? '');
    const [request] = await db.query<{ amount_paise: number; record: MerchantRecord }>(
      `select v.amount_paise, m.record from upi_bank_verifications v join merchants m on m.uuid = v.merchant_uuid
        where v.uuid = $1 and v.paid_at is not null and v.refunded_at is null`,
      [reference],
    );
    if (!request) return { done: true };
    await provider.refund(reference, request.amount_paise, notifyOf(request.record));
    await db.query('update upi_bank_verifications set refunded_at = $2 where uuid = $1', [reference, now]);
    return { done: true };
  };
}

/** Where the merchant reads messages: their e-mail, else their mobile. */
function notifyOf(record: MerchantRecord): MessageAddress | null {
  if (typeof record.email === 'string' && record.email) return { channel: 'email', recipient: record.email };
  if (typeof record.registered_mobile === 'string' && record.registered_mobile) return { channel: 'sms', recipient: record.registered_mobile };
  return null;
}

/** What a request asked for and where it stands (a waiting one past its time: EXPIRED), by its reference; none when unknown. */
export async function upiRequestAsked(db: Queryable, reference: string, now: Date): Promise<{ amount_paise: number; status: string } | undefined> {
  const [asked] = await db.query<{ amount_paise: number; status: string }>(
    `select amount_paise, ${statusAsOf()} as status from upi_bank_verifications where uuid = $1`,
    [reference, now],
  );
  return asked;
}
