import { describe, expect, it } from 'vitest';
import { NEFT_FALLBACK_AFTER_MS, nowBankScreen } from '../../../src/features/now/nowBankState';

const pending = (penny_deposit_method: string, penny_deposit_status: string, extra: Record<string, unknown> = {}) => ({
  id: 1,
  bank_verification_status: 'pending',
  penny_deposit_method,
  penny_deposit_status,
  penny_attempt_left: 3,
  ...extra,
});
const SUBMITTED = 1_000_000;

describe('nowBankScreen() (onboarding spec section 4, NOW bank screen)', () => {
  it.each([
    ['no bank details: the form', null, null, 0, 'form'],
    ['IMPS not yet initiated: the wait screen', pending('IMPS', 'NOT_INITIATED'), SUBMITTED, SUBMITTED + 1_000, 'impsWaiting'],
    ['IMPS with SUCCESS: on to penny-details', pending('IMPS', 'SUCCESS'), SUBMITTED, SUBMITTED + 1_000, 'pennyDetails'],
    ['NEFT with NOT_INITIATED: the NEFT fallback', pending('NEFT', 'NOT_INITIATED'), SUBMITTED, SUBMITTED + 1_000, 'neftFallback'],
    ['no result 25 s after the submit: the NEFT fallback', pending('IMPS', 'NOT_INITIATED'), SUBMITTED, SUBMITTED + NEFT_FALLBACK_AFTER_MS, 'neftFallback'],
    ['24.9 s after the submit: still waiting', pending('IMPS', 'NOT_INITIATED'), SUBMITTED, SUBMITTED + NEFT_FALLBACK_AFTER_MS - 100, 'impsWaiting'],
    ['FAILED: the form again ("Bank Details are incorrect")', pending('IMPS', 'FAILED', { bank_verification_status: 'failed' }), SUBMITTED, SUBMITTED + 1_000, 'form'],
    ['attempts exhausted: penny-details, which says so', pending('IMPS', 'SUCCESS', { bank_verification_status: 'attempts_exhausted', penny_attempt_left: 0 }), null, 0, 'pennyDetails'],
    ['verified: nothing more to do', pending('IMPS', 'SUCCESS', { bank_verification_status: 'verified' }), null, 0, 'verified'],
  ])('%s', (_name, bank, submittedAt, now, screen) => {
    expect(nowBankScreen(bank, submittedAt, now)).toBe(screen);
  });
});
