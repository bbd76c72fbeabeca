import en from './messages/en.json';

export type MessageKey = Exclude<keyof typeof en, '$id'>;
export type Catalogue = Record<string, string>;

// Copies: extendCatalogues adds to these, never to the imported files' objects (which tests and tools read as shipped).
const english: Catalogue = { ...en };
const catalogues: Record<string, Catalogue> = { en: english };
/** The language texts are shown in when no catalogue is named: English, unless the app chose another. */
let activeLanguage = 'en';

/** Adds a language's catalogue (the app loads one only when the merchant chose it). */
export function registerCatalogue(language: string, catalogue: Catalogue): void {
  catalogues[language] = { ...catalogue };
  for (const texts of extensions) copyIntoCatalogues(texts);
}

/** Texts added to the catalogues (see {@link addTexts}), also given to catalogues registered later. */
const extensions: Array<Record<string, Catalogue>> = [];

/**
 * Adds a feature's texts, by language, to every registered catalogue that lacks them (a language the feature has no
 * texts for gets the English ones): texts only a lazily loaded screen shows come with it, not with the first load.
 * No module calls it when imported: the screen that shows the texts loads them when it renders (each texts module's
 * `load…Texts()`), so a screen or test that needs them says so. Cheap when called again with the same object.
 */
export function addTexts(byLanguage: Record<string, Catalogue>): void {
  if (extensions.includes(byLanguage)) return;
  extensions.push(byLanguage);
  copyIntoCatalogues(byLanguage);
}

function copyIntoCatalogues(byLanguage: Record<string, Catalogue>): void {
  for (const [language, catalogue] of Object.entries(catalogues)) {
    const texts = byLanguage[language] ?? byLanguage.en ?? {};
    for (const [key, text] of Object.entries(texts)) if (key !== '$id' && !Object.prototype.hasOwnProperty.call(catalogue, key)) catalogue[key] = text;
  }
}

const englishOnly = new WeakMap<Catalogue, Record<string, Catalogue>>();
/**
 * Adds English texts to every registered catalogue that lacks them: the operations console's own (English only),
 * loaded with the console, so merchants never download them.
 */
export function extendCatalogues(texts: Catalogue): void {
  if (!englishOnly.has(texts)) englishOnly.set(texts, { en: texts });
  addTexts(englishOnly.get(texts)!);
}

/**
 * Shows texts in `language` from now on (when its catalogue is registered; else English). The app sets it once
 * at start; the server never does: its answers are in English, the spec's words.
 */
export function setActiveLanguage(language: string): void {
  activeLanguage = language in catalogues ? language : 'en';
}

/** The catalogue of a language (default: the active one), falling back to English. */
export function catalogueFor(language = activeLanguage): Catalogue {
  return catalogues[language] ?? english;
}

/** Whether a string is a key of the message catalogue. */
export function isMessageKey(value: string, catalogue: Catalogue = catalogueFor()): boolean {
  return value !== '$id' && Object.prototype.hasOwnProperty.call(catalogue, value);
}

/**
 * The text of a catalogue key with `{name}` placeholders filled in. An unknown key is
 * returned unchanged, so already-translated text passes through.
 */
export function message(key: string, params: Record<string, string | number> = {}, catalogue: Catalogue = catalogueFor()): string {
  const template = isMessageKey(key, catalogue) ? (catalogue[key] as string) : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
