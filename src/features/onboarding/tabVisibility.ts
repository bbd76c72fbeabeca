import jsonLogic from 'json-logic-js';
import tabRules from '../../../rules/tabs.json';
import type { Merchant } from '../../shared/api/types';
import type { TabVisibility } from './OnboardingTabs';

type Logic = jsonLogic.RulesLogic;

/** Replaces `{ "$def": name }` by the named definition of the rules file. */
function expand(logic: unknown, defs: Record<string, unknown>): unknown {
  if (Array.isArray(logic)) return logic.map((item) => expand(item, defs));
  if (logic && typeof logic === 'object') {
    const name = (logic as { $def?: string }).$def;
    if (name !== undefined) return expand(defs[name], defs);
    return Object.fromEntries(Object.entries(logic).map(([key, value]) => [key, expand(value, defs)]));
  }
  return logic;
}

const website = expand(tabRules.tabs.website, tabRules.defs) as Logic;
const documents = expand(tabRules.tabs.documents, tabRules.defs) as Logic;

/** Which onboarding header tabs a merchant sees (rules/tabs.json). */
export function tabVisibility(merchant: Merchant): TabVisibility {
  return { website: Boolean(jsonLogic.apply(website, merchant)), documents: Boolean(jsonLogic.apply(documents, merchant)) };
}
