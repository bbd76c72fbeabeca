/** The bank detail fields the penny panel reads (schemas/records/merchant.json $defs.bankDetail). */
export interface PennyBankDetail {
  id?: number;
  bank_verification_status?: string | null;
  penny_deposit_status?: string | null;
  penny_deposit_method?: string | null;
  penny_attempt_left?: number | null;
}

/** What the penny panel shows: one row of the spec's table (onboarding spec section 4, penny test), or nothing. */
export type PennyPanelState = 'impsWaiting' | 'verificationPending' | 'amountEntry' | 'attemptsExhausted' | 'failed' | 'none';

/**
 * The row of the penny table a bank detail is in:
 * IMPS NOT_INITIATED: the waiting loader; NEFT NOT_INITIATED, PENDING or SENT_TO_BANK, or IMPS PENDING: verification
 * pending; SUCCESS: the amount entry while attempts are left (none left: the exhausted texts); FAILED (IMPS or NEFT):
 * the failure text, which the panel shows once. A verified or unverifiable-by-deposit detail shows nothing.
 */
export function pennyPanelState(bank: PennyBankDetail | null | undefined): PennyPanelState {
  if (!bank) return 'none';
  const { penny_deposit_status: status, penny_deposit_method: method, bank_verification_status: verification } = bank;
  if (verification === 'verified') return 'none';
  if (verification === 'attempts_exhausted') return 'attemptsExhausted';
  if (status === 'FAILED') return 'failed';
  if (verification !== 'pending') return 'none';
  if (method === 'IMPS' && status === 'NOT_INITIATED') return 'impsWaiting';
  if (method === 'NEFT' && (status === 'NOT_INITIATED' || status === 'PENDING' || status === 'SENT_TO_BANK')) return 'verificationPending';
  if (method === 'IMPS' && status === 'PENDING') return 'verificationPending';
  if (status === 'SUCCESS') return (bank.penny_attempt_left ?? 0) > 0 ? 'amountEntry' : 'attemptsExhausted';
  return 'none';
}

/** Whether a value typed into the amount field can still become a valid amount (digits, then up to two decimals). */
export const isPennyAmountKeystroke = (value: string): boolean => value.length <= 10 && /^[0-9]*(\.[0-9]{0,2})?$/.test(value);

/** The texts of a wrong amount (onboarding spec section 8), as message keys with their parameters. */
export function attemptsLeftTexts(attemptsLeft: number): Array<{ key: string; params?: Record<string, number> }> {
  if (attemptsLeft > 1) return [{ key: 'penny.attemptsLeft', params: { attempts: attemptsLeft } }];
  if (attemptsLeft === 1) return [{ key: 'penny.lastAttempt' }, { key: 'penny.lastAttemptWarning' }];
  return [{ key: 'penny.exhausted' }, { key: 'penny.notVerified' }];
}
