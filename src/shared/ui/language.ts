import { registerCatalogue, setActiveLanguage, type Catalogue } from '../../../schemas/messages';

/** The languages the app speaks: the spec's English, and Hindi. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'language';
/** Catalogues other than English, loaded only for the merchant who chose them (English is in every bundle). */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  hi: () => import('../../../schemas/messages/hi.json'),
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
      registerCatalogue(language, (await loaders[language]()).default);
    } catch {
      // Texts that cannot load (offline) leave the app in English rather than not starting.
    }
  }
  setActiveLanguage(language);
  document.documentElement.lang = language;
  return language;
}

/** Keeps the merchant's choice and shows the app in it: the page reloads (drafts are kept), every text is then in it. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  window.location.reload();
}
