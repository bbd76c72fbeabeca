import en from './messages/en.json';

export type MessageKey = Exclude<keyof typeof en, '$id'>;
export type Catalogue = Record<string, string>;

const catalogues: Record<string, Catalogue> = { en };

/** The catalogue of a language, falling back to English. */
export function catalogueFor(language = 'en'): Catalogue {
  return catalogues[language] ?? en;
}

/** Whether a string is a key of the message catalogue. */
export function isMessageKey(value: string, catalogue: Catalogue = en): boolean {
  return value !== '$id' && Object.prototype.hasOwnProperty.call(catalogue, value);
}

/**
 * The text of a catalogue key with `{name}` placeholders filled in. An unknown key is
 * returned unchanged, so already-translated text passes through.
 */
export function message(key: string, params: Record<string, string | number> = {}, catalogue: Catalogue = en): string {
  const template = isMessageKey(key, catalogue) ? (catalogue[key] as string) : key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
