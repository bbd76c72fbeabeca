import { registerCatalogue, setActiveLanguage, type Catalogue } from '../../../schemas/messages';
import { saveLanguage } from '../api/saveLanguage';

/** The languages the app speaks: the spec's English, and Hindi. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'language';
/** The lazily loaded features' Hindi texts (`schemas/messages/<feature>.hi.json`), each a chunk of its own; not the notices the server sends. */
const hindiFeatureTexts = import.meta.glob<Catalogue>(['../../../schemas/messages/*.hi.json', '!../../../schemas/messages/notifications.hi.json'], { import: 'default' });
/**
 * Catalogues other than English, loaded only for the merchant who chose them, whole: the main catalogue and every
 * feature's texts in that language, side by side at start. A feature's screen brings only its English texts and
 * loads them when it renders (`addTexts`), so merchants reading English never download another language.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  hi: async () => {
    const [main, ...features] = await Promise.all([import('../../../schemas/messages/hi.json').then((module) => module.default as Catalogue), ...Object.values(hindiFeatureTexts).map((load) => load())]);
    return Object.assign({}, main, ...features) as Catalogue;
  },
};

/** The language the merchant chose on this device (kept in localStorage), else English. */
export function chosenLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return LANGUAGES.some(({ code }) => code === stored) ? (stored as Language) : 'en';
  } catch {
    return 'en';
  }
}

/** Loads the chosen language's texts and makes them the app's (and the page's `lang`); call before the first render. */
export async function startInChosenLanguage(): Promise<Language> {
  const language = chosenLanguage();
  if (language !== 'en') {
    try {
      registerCatalogue(language, await loaders[language]());
    } catch {
      // Texts that cannot load (offline) leave the app in English rather than not starting.
    }
  }
  setActiveLanguage(language);
  document.documentElement.lang = language;
  return language;
}

/**
 * Keeps the merchant's choice and shows the app in it: the page reloads (drafts are kept), every text is then in it.
 * A signed-in user's choice is also told to the server (PUT user/language, src/shared/api/saveLanguage.ts), which
 * writes their e-mails and SMS in it; the request outlives the reload (keepalive), and a failure leaves those messages
 * in the language they were.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  saveLanguage(language);
  window.location.reload();
}
