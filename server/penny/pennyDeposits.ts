import type { Database, Queryable } from '../db/database';
import { enqueueJob, type JobHandler } from '../jobs/jobQueue';
import { withRecordDefaults } from '../../schemas/withRecordDefaults';
import type { MerchantRecord } from '../merchants/store';
import type { PennyAccount, PennyDeposit, PennyMethod, PennyProvider, PennyStatus } from '../providers/types';
import { notifyProfile } from './profileEvents';

/** The job kind of a test deposit: one job per bank detail, from the start of the deposit until it lands or fails. */
export const PENNY_DEPOSIT_JOB = 'penny.deposit';

/** How long to wait before asking again when the provider names no time. */
const DEFAULT_RECHECK_MS = 60_000;

interface DepositJobPayload {
  merchant_uuid: string;
  bank_detail_id: number;
}

interface StoredDeposit extends PennyDeposit {
  status: PennyStatus;
}

interface DepositRow {
  reference: string;
  method: PennyMethod;
  status: PennyStatus;
  amount_paise: number;
  started_at: Date | string;
}

/** Starts the test deposit of a merchant's new bank detail: a job, in the caller's transaction, due at once. */
export async function startPennyDeposit(tx: Queryable, record: MerchantRecord, now: Date): Promise<void> {
  const bankDetail = record.bank_detail;
  if (!bankDetail) throw new Error('A test deposit needs the bank detail it verifies');
  const payload: DepositJobPayload = { merchant_uuid: record.uuid, bank_detail_id: bankDetail.id };
  await enqueueJob(tx, PENNY_DEPOSIT_JOB, { ...payload }, now);
}

/** The reference a deposit is started with: one per job, so a retried job starts nothing twice. */
const referenceOf = (jobId: number) => `PNY${String(jobId).padStart(9, '0')}`;

const loadDeposit = async (db: Queryable, payload: DepositJobPayload): Promise<StoredDeposit | null> => {
  const [row] = await db.query<DepositRow>(
    'select reference, method, status, amount_paise, started_at from penny_deposits where merchant_uuid = $1 and bank_detail_id = $2',
    [payload.merchant_uuid, payload.bank_detail_id],
  );
  return row ? { reference: row.reference, method: row.method, status: row.status, amountPaise: row.amount_paise, startedAt: new Date(row.started_at) } : null;
};

/**
 * Moves the merchant record's penny test to a new status (and method), if the record still holds that bank detail
 * awaiting verification: a deposit that FAILED makes the bank verification failed (onboarding spec section 4).
 * One statement, audited and announced on the live channel in the same transaction.
 */
async function recordPennyState(tx: Queryable, payload: DepositJobPayload, status: PennyStatus, method: PennyMethod): Promise<void> {
  const rows = await tx.query<{ uuid: string }>(
    `update merchants
        set record = jsonb_set(
              jsonb_set(jsonb_set(record, '{bank_detail,penny_deposit_status}', to_jsonb($3::text)), '{bank_detail,penny_deposit_method}', to_jsonb($4::text)),
              '{bank_detail,bank_verification_status}',
              case when $3::text = 'FAILED' then '"failed"'::jsonb else record->'bank_detail'->'bank_verification_status' end),
            updated_at = now()
      where uuid = $1 and (record->'bank_detail'->>'id')::int = $2 and record->'bank_detail'->>'bank_verification_status' = 'pending'
      returning uuid`,
    [payload.merchant_uuid, payload.bank_detail_id, status, method],
  );
  if (!rows.length) return;
  await tx.query(`insert into merchant_events (merchant_uuid, user_id, kind, detail) values ($1, null, 'penny.status', $2)`, [
    payload.merchant_uuid,
    JSON.stringify({ bank_detail_id: payload.bank_detail_id, penny_deposit_status: status, penny_deposit_method: method }),
  ]);
  await notifyProfile(tx, payload.merchant_uuid, {
    penny_deposit_status: status,
    penny_deposit_method: method,
    bank_verification_status: status === 'FAILED' ? 'failed' : 'pending',
  });
}

/**
 * The test deposit job: starts the deposit with the provider (stored with its amount, which never reaches the
 * browser), then asks the provider at each next state change and records every new status, until the deposit
 * lands (SUCCESS) or fails. A bank detail replaced or verified meanwhile ends the job.
 */
export function pennyDepositJob(db: Database, provider: PennyProvider): JobHandler {
  return async (job, now) => {
    const payload = job.payload as unknown as DepositJobPayload;
    const [merchant] = await db.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1', [payload.merchant_uuid]);
    const bankDetail = merchant ? withRecordDefaults(merchant.record).bank_detail : null;
    if (!merchant || bankDetail?.id !== payload.bank_detail_id || bankDetail.bank_verification_status !== 'pending') return { done: true };
    const account: PennyAccount = {
      accountNumber: bankDetail.bank_account_number,
      ifsc: bankDetail.ifsc_code,
      holderName: bankDetail.holder_name ?? '',
      notify: notifyOf(merchant.record),
    };

    let deposit = await loadDeposit(db, payload);
    if (!deposit) {
      const started = await provider.deposit(account, referenceOf(job.id), now);
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into penny_deposits (merchant_uuid, bank_detail_id, reference, method, status, amount_paise, started_at)
           values ($1, $2, $3, $4, 'NOT_INITIATED', $5, $6) on conflict (merchant_uuid, bank_detail_id) do nothing`,
          [payload.merchant_uuid, payload.bank_detail_id, started.reference, started.method, started.amountPaise, started.startedAt],
        );
        await recordPennyState(tx, payload, 'NOT_INITIATED', started.method);
      });
      deposit = (await loadDeposit(db, payload))!;
    }

    const { status, checkAgainAt } = await provider.status(account, deposit, now);
    if (status !== deposit.status) {
      await db.transaction(async (tx) => {
        await tx.query('update penny_deposits set status = $3, updated_at = now() where merchant_uuid = $1 and bank_detail_id = $2', [
          payload.merchant_uuid,
          payload.bank_detail_id,
          status,
        ]);
        await recordPennyState(tx, payload, status, deposit.method);
      });
    }
    if (status === 'SUCCESS' || status === 'FAILED') return { done: true };
    return { runAt: checkAgainAt ?? new Date(now.getTime() + DEFAULT_RECHECK_MS) };
  };
}

/** Where the account holder reads messages: the merchant's e-mail, else their mobile. */
function notifyOf(record: MerchantRecord): PennyAccount['notify'] {
  if (typeof record.email === 'string' && record.email) return { channel: 'email', recipient: record.email };
  if (typeof record.registered_mobile === 'string' && record.registered_mobile) return { channel: 'sms', recipient: record.registered_mobile };
  return null;
}
