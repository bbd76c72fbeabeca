import type { PennyBankDetail } from '../onboarding';

/** Seconds after a submit without a deposit result before the NOW bank screen shows the NEFT fallback (spec section 9). */
export const NEFT_FALLBACK_AFTER_MS = 25_000;

/** What the NOW bank screen shows (onboarding spec sections 2 and 4, "NOW bank screen"). */
export type NowBankScreen = 'form' | 'impsWaiting' | 'neftFallback' | 'pennyDetails' | 'verified';

/**
 * The NOW bank screen for a bank detail: the form while there is none (or after a failed deposit, with "Bank Details
 * are incorrect"); the wait screen while an instant (IMPS) deposit is on its way; the penny-details screen once it has
 * landed; the NEFT fallback for a deposit by NEFT, or when no result came within 25 seconds of the submit
 * (`submittedAt`, ms); nothing more to do once verified.
 */
export function nowBankScreen(bank: PennyBankDetail | null | undefined, submittedAt: number | null, now: number): NowBankScreen {
  if (!bank) return 'form';
  const { bank_verification_status: verification, penny_deposit_status: status, penny_deposit_method: method } = bank;
  if (verification === 'verified') return 'verified';
  if (status === 'FAILED' || verification === 'failed' || verification == null) return 'form';
  if (status === 'SUCCESS' || verification === 'attempts_exhausted') return 'pennyDetails';
  if (method === 'NEFT') return 'neftFallback';
  if (submittedAt !== null && now - submittedAt >= NEFT_FALLBACK_AFTER_MS) return 'neftFallback';
  return 'impsWaiting';
}
