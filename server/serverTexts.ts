import addendaEn from '../schemas/messages/addenda.en.json';
import assessmentEn from '../schemas/messages/assessment.en.json';
import assessmentHi from '../schemas/messages/assessment.hi.json';
import documentsEn from '../schemas/messages/documents.en.json';
import documentsHi from '../schemas/messages/documents.hi.json';
import oauthEn from '../schemas/messages/oauth.en.json';
import oauthHi from '../schemas/messages/oauth.hi.json';
import opsEn from '../schemas/messages/ops.en.json';
import plansEn from '../schemas/messages/plans.en.json';
import plansHi from '../schemas/messages/plans.hi.json';
import stepComponentsEn from '../schemas/messages/stepComponents.en.json';
import stepComponentsHi from '../schemas/messages/stepComponents.hi.json';
import stepsEn from '../schemas/messages/steps.en.json';
import stepsHi from '../schemas/messages/steps.hi.json';
import termsEn from '../schemas/messages/terms.en.json';
import termsHi from '../schemas/messages/terms.hi.json';
import { addTexts, extendCatalogues } from '../schemas/messages';
import { loadStepFormTexts } from '../schemas/stepFormTexts';

/**
 * The features' texts the server answers with, by language. The browser loads each with the screens that show it; the
 * server's answers use them everywhere (the error table, the documents, KYC and bank calls, the review, the refusals
 * of the plans, terms, assessment and partner calls), so it holds them all.
 */
const SERVER_TEXTS = [
  { en: documentsEn, hi: documentsHi },
  { en: stepComponentsEn, hi: stepComponentsHi },
  // The steps' own texts, which the browser gets with each step's form (scripts/compile-validators.ts).
  { en: stepsEn, hi: stepsHi },
  { en: plansEn, hi: plansHi },
  { en: termsEn, hi: termsHi },
  { en: assessmentEn, hi: assessmentHi },
  { en: oauthEn, hi: oauthHi },
];

/**
 * Loads every text the server answers with into the catalogue: the features' (above), the forms' (field names and
 * validation messages), and the English-only ones of the operations console and of the addenda (the PDF's field
 * names, the failed acceptance's). {@link build} calls it before any route is registered.
 */
export function loadServerTexts(): void {
  for (const texts of SERVER_TEXTS) addTexts(texts);
  loadStepFormTexts();
  extendCatalogues(opsEn);
  extendCatalogues(addendaEn);
}
