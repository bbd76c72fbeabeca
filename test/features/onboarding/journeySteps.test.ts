import { evaluate } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import { stepProgress, stepToOpen, type JourneyFlags } from '../../../src/features/onboarding/journeySteps';
import example from '../../../schemas/records/merchant.example.json';
import newMerchant from '../../fixtures/_bases/new-merchant.json';

const flagsOf = (record: object) => evaluate(record, rulesConfig) as JourneyFlags;
const everyStep = () => true;

describe('stepToOpen()', () => {
  const panVerified = flagsOf({ ...example, business_category_id: null, bank_detail: null, registration_address: null, document_status: null });

  it('opens the first to-do step', () => {
    expect(stepToOpen(flagsOf(newMerchant), everyStep)).toBe('pan-details');
  });

  it('skips steps without a screen', () => {
    expect(stepToOpen(panVerified, (id) => id !== 'business-details')).toBe('bank-details');
  });

  it('after a saved step, looks further on and then wraps round, never reopening the saved step', () => {
    expect(stepToOpen(panVerified, everyStep, 'bank-details')).toBe('kyc');
    expect(stepToOpen(panVerified, (id) => id === 'business-details' || id === 'kyc', 'kyc')).toBe('business-details');
    expect(stepToOpen(flagsOf(newMerchant), (id) => id === 'pan-details', 'pan-details')).toBeNull();
  });
});

describe('stepProgress()', () => {
  it('counts only the steps that exist for the merchant', () => {
    expect(stepProgress(flagsOf(newMerchant))).toEqual({ done: 0, total: 7 });
    expect(stepProgress(flagsOf({ ...example, document_status: 'Docs Approved' }))).toEqual({ done: 7, total: 8 });
  });
});
