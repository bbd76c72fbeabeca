import { evaluateStatus } from '../../../rules/evaluate';
import rulesConfig from '../../../rules/config';
import type { Merchant } from '../../shared/api/types';
import type { TabVisibility } from './OnboardingTabs';

/** Which onboarding header tabs a merchant sees (rules/status.json: websiteTabVisible, documentsTabVisible). */
export function tabVisibility(merchant: Merchant): TabVisibility {
  const status = evaluateStatus(merchant, rulesConfig);
  return { website: status.websiteTabVisible === true, documents: status.documentsTabVisible === true };
}
