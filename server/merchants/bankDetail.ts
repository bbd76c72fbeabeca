import { businessEntities } from '../../schemas/registry';
import type { MerchantRecord } from './store';
import { recordEntity } from './recordEntity';
import type { BankDetailsBody } from '../../schemas/generated/stepBodies';

/** The bank form's fields (schemas/steps/bank-details.json), as POST /merchants/{id}/bank_details sends them. */
export type BankDetailInput = BankDetailsBody;

/** A bank detail as the merchant record stores it (schemas/records/merchant.json $defs.bankDetail). */
export interface StoredBankDetail {
  id: number;
  bank_account_number: string;
  ifsc_code: string;
  holder_name: string;
  bank_verification_status: 'pending' | 'verified';
  /** Null when penny verification is skipped (the onboarding config does not require it): no deposit is made. */
  penny_deposit_status: 'NOT_INITIATED' | null;
  penny_deposit_method: 'IMPS' | null;
  penny_attempt_left: number | null;
  addendum_status: null;
  bank_verification_proof: null;
  bank_verification_proof_file_id: null;
  bank_verification_remarks: null;
  /** How the account was verified; absent until it is. */
  verification_method?: BankVerificationMethod;
}

/** How a bank account was verified: the test deposit, a ₹1 UPI payment from it, or a bank proof reviewed. */
export type BankVerificationMethod = 'penny' | 'upi_payment' | 'proof';

const PENNY_ATTEMPTS = 3;

/**
 * The record with a new bank detail (pending verification, penny test not started, or none when `pennyTest` is false)
 * and the entity, business name and PAN name as submitted; a business name not sent (Individual) keeps the stored one.
 * The deposit's method is IMPS until the bank says otherwise.
 */
export function withBankDetail(record: MerchantRecord, input: BankDetailInput, pennyTest = true): MerchantRecord {
  const previous = record.bank_detail as { id?: number } | null | undefined;
  const entity = businessEntities.business_entities.find((candidate) => candidate.id === input.business_entity_id);
  if (!entity) throw new Error(`withBankDetail() needs a known entity, got ${input.business_entity_id}`);
  const bankDetail: StoredBankDetail = {
    id: (previous?.id ?? 0) + 1,
    bank_account_number: input.bank_account_number,
    ifsc_code: input.ifsc_code,
    holder_name: input.holder_name,
    bank_verification_status: 'pending',
    penny_deposit_status: pennyTest ? 'NOT_INITIATED' : null,
    penny_deposit_method: pennyTest ? 'IMPS' : null,
    penny_attempt_left: pennyTest ? PENNY_ATTEMPTS : null,
    addendum_status: null,
    bank_verification_proof: null,
    bank_verification_proof_file_id: null,
    bank_verification_remarks: null,
  };
  return {
    ...record,
    bank_detail: bankDetail,
    business_entity_id: entity.id,
    business_entity: recordEntity(entity),
    business_name: input.business_name ?? record.business_name ?? null,
    pancard_name: input.pancard_name,
  };
}

/**
 * The record with a new bank detail that is verified already (the account a ₹1 UPI payment came from): no test
 * deposit, its fields null; otherwise as {@link withBankDetail}.
 */
export function withVerifiedBankDetail(record: MerchantRecord, input: BankDetailInput, method: BankVerificationMethod): MerchantRecord {
  const updated = withBankDetail(record, input, false);
  const bankDetail: StoredBankDetail = { ...(updated.bank_detail as StoredBankDetail), bank_verification_status: 'verified', verification_method: method };
  return { ...updated, bank_detail: bankDetail };
}
