import rulesConfig from '../../rules/config';
import type { BankUpdateRequest } from '../../schemas/generated/apiRequests';
import { evaluateStatus } from '../../rules/evaluate';
import type { Queryable } from '../db/database';
import { startPennyDeposit } from '../penny/pennyDeposits';
import { withBankDetail, type BankDetailInput } from './bankDetail';
import type { MerchantRecord } from './store';

/** New settlement account details: what a bank update (schemas/api/bank-update.json) or a bank addendum changes. */
export type BankChange = BankUpdateRequest['bank_detail'];

/**
 * The record with its settlement account changed (onboarding spec sections 2, 4, 8): the new details wait for
 * verification by a new test deposit (started in the same transaction, unless the rules skip it) and settlements wait
 * `holdHours`. Used by a bank update of details never verified, and by the approval of a bank addendum.
 */
export async function applyBankChange(tx: Queryable, stored: MerchantRecord, next: BankChange, holdHours: number, now: Date): Promise<MerchantRecord> {
  const input: BankDetailInput = {
    business_registered: true,
    business_entity_id: stored.business_entity_id as BankDetailInput['business_entity_id'],
    business_name: (stored.business_name as string | null | undefined) ?? undefined,
    pancard_name: stored.pancard_name as string,
    holder_name: next.holder_name,
    bank_account_number: next.bank_account_number,
    ifsc_code: next.ifsc_code,
  };
  const skipped = evaluateStatus(withBankDetail(stored, input, false), rulesConfig).pennyVerificationSkipped === true;
  const updated = {
    ...withBankDetail(stored, input, !skipped),
    settlement_hold_until: new Date(now.getTime() + holdHours * 3600 * 1000).toISOString(),
  };
  if (!skipped) await startPennyDeposit(tx, updated, now);
  return updated;
}
