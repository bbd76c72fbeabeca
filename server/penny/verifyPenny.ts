import type { Database } from '../db/database';
import type { MerchantRecord } from '../merchants/store';
import { notifyIfActivated } from '../notifications/merchantNotifications';
import { notifyProfile } from './profileEvents';

/** What a guess of the deposited amount did. */
export type PennyGuessOutcome =
  | { outcome: 'verified'; record: MerchantRecord }
  | { outcome: 'wrong'; attemptsLeft: number; record: MerchantRecord }
  /** Nothing counted: no attempt was left (or the last one was being used by another request). */
  | { outcome: 'exhausted' }
  | { outcome: 'alreadyVerified' }
  /** Nothing counted: no deposit has landed in the account of the merchant's current bank detail. */
  | { outcome: 'notReady' };

/** An amount as typed ("3", "3.4", "3.47") in paise; the route's schema has already checked its format. */
export const paiseOf = (amount: string): number => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/**
 * Checks a merchant's guess of the test deposit. The right amount verifies the bank account; a wrong one uses up an
 * attempt, and the last one makes the verification attempts exhausted. Both are one conditional UPDATE of the record
 * (attempts left above 0, deposit landed, verification pending), so concurrent guesses never use more attempts than
 * there are: under PostgreSQL's row lock each one sees the count the previous one left.
 */
export async function checkPennyGuess(db: Database, merchantUuid: string, amount: string, userId: string): Promise<PennyGuessOutcome> {
  const [deposit] = await db.query<{ amount_paise: number }>(
    `select d.amount_paise from penny_deposits d join merchants m on m.uuid = d.merchant_uuid
      where d.merchant_uuid = $1 and d.bank_detail_id = (m.record->'bank_detail'->>'id')::int and d.status = 'SUCCESS'`,
    [merchantUuid],
  );
  if (!deposit) return { outcome: 'notReady' };
  const right = paiseOf(amount) === deposit.amount_paise;

  return db.transaction(async (tx) => {
    const [updated] = await tx.query<{ record: MerchantRecord }>(
      `update merchants
          set record = jsonb_set(
                jsonb_set(record, '{bank_detail,penny_attempt_left}',
                  to_jsonb((record->'bank_detail'->>'penny_attempt_left')::int - case when $2::boolean then 0 else 1 end)),
                '{bank_detail,bank_verification_status}',
                to_jsonb(case when $2::boolean then 'verified'
                              when (record->'bank_detail'->>'penny_attempt_left')::int = 1 then 'attempts_exhausted'
                              else 'pending' end)),
              updated_at = now()
        where uuid = $1
          and record->'bank_detail'->>'bank_verification_status' = 'pending'
          and record->'bank_detail'->>'penny_deposit_status' = 'SUCCESS'
          and (record->'bank_detail'->>'penny_attempt_left')::int > 0
        returning record`,
      [merchantUuid, right],
    );
    if (!updated) {
      const [current] = await tx.query<{ status: string | null }>(`select record->'bank_detail'->>'bank_verification_status' as status from merchants where uuid = $1`, [merchantUuid]);
      if (current?.status === 'verified') return { outcome: 'alreadyVerified' };
      return current?.status === 'attempts_exhausted' ? { outcome: 'exhausted' } : { outcome: 'notReady' };
    }
    const bankDetail = updated.record.bank_detail as { penny_attempt_left: number; bank_verification_status: string };
    await tx.query(`insert into merchant_events (merchant_uuid, user_id, kind, detail) values ($1, $2, $3, $4)`, [
      merchantUuid,
      userId,
      right ? 'penny.verified' : 'penny.wrongAmount',
      JSON.stringify({ attempts_left: bankDetail.penny_attempt_left }),
    ]);
    if (right) {
      await notifyIfActivated(tx, updated.record);
      await notifyProfile(tx, merchantUuid, { bank_verified: true, bank_verification_status: 'verified' });
      return { outcome: 'verified', record: updated.record };
    }
    await notifyProfile(tx, merchantUuid, { bank_verification_status: bankDetail.bank_verification_status });
    return { outcome: 'wrong', attemptsLeft: bankDetail.penny_attempt_left, record: updated.record };
  });
}
