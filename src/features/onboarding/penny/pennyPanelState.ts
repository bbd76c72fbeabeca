import { AMOUNT_END, normalizers, RUPEE_MARKS } from '../../../../rules/steps/normalizers';

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

/** The penny amount as sent (schemas/definitions.json pennyAmount): what the merchant typed, normalised as the server does. */
export const pennyAmountOf = (typed: string): string => normalizers.amount(typed);

/** An amount on its way: digits, then up to two decimals, at most 10 characters (the schema's pennyAmount). */
const AMOUNT_SO_FAR = /^[0-9]*(\.[0-9]{0,2})?$/;
/** The half-typed starts of the marks and of `/-`, each with the rest that completes it (`R`: `s.`, `s`, `upees`…). */
const HALF_TYPED = [...RUPEE_MARKS, AMOUNT_END].flatMap((token) =>
  Array.from({ length: token.length - 1 }, (_, index) => ({ start: token.slice(0, index + 1), rest: token.slice(index + 1) })),
);
/** What completes a group of thousands being typed (`1,0`). */
const GROUP_ENDS = ['0', '00', '000'];

/**
 * Whether a text typed into the amount field can still become a valid amount once normalised (`₹`, `Rs.`, `INR`,
 * commas, a trailing `/-`: rules/steps/normalizers.ts `amount`); the field blocks a keystroke that makes it false.
 */
export function canBecomePennyAmount(typed: string): boolean {
  const lower = typed.toLowerCase();
  const endings = ['', ...GROUP_ENDS, ...HALF_TYPED.filter(({ start }) => lower.endsWith(start)).map(({ rest }) => rest)];
  return endings.some((ending) => {
    const amount = pennyAmountOf(typed + ending);
    return amount.length <= 10 && AMOUNT_SO_FAR.test(amount);
  });
}

/** The texts of a wrong amount (onboarding spec section 8), as message keys with their parameters. */
export function attemptsLeftTexts(attemptsLeft: number): Array<{ key: string; params?: Record<string, number> }> {
  if (attemptsLeft > 1) return [{ key: 'penny.attemptsLeft', params: { attempts: attemptsLeft } }];
  if (attemptsLeft === 1) return [{ key: 'penny.lastAttempt' }, { key: 'penny.lastAttemptWarning' }];
  return [{ key: 'penny.exhausted' }, { key: 'penny.notVerified' }];
}
