import type { MerchantRecord } from './store';

/** The most names GET fetch_display_name suggests (schemas/now/display-name.json#/$defs/suggestions). */
export const MAX_SUGGESTIONS = 5;
const MAX_LENGTH = 50;
/** A company's legal form at the end of its PAN name, left out of the shorter suggestion. */
const LEGAL_FORM = /\s+(private limited|pvt\.? ltd\.?|limited|ltd\.?|llp)$/i;
/** Characters a display name cannot hold (schemas/now/display-name.json), each become a space. */
const NOT_ALLOWED = /[^A-Za-z0-9 &.,'()-]+/g;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** "SHARMA TEXTILES" as "Sharma Textiles"; a name in mixed case is kept as written. */
function readable(name: string): string {
  return name === name.toUpperCase() ? name.toLowerCase().replace(/(^|[\s(&-])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase()) : name;
}

/** A name made fit to show: disallowed characters out, spaces collapsed, cut at a word to 50 characters. */
function tidied(name: string): string {
  let tidy = name.replace(NOT_ALLOWED, ' ').replace(/\s+/g, ' ').trim();
  if (tidy.length > MAX_LENGTH) tidy = tidy.slice(0, MAX_LENGTH + 1).replace(/\s+\S*$/, '');
  return tidy.replace(/^[^A-Za-z0-9]+/, '').replace(/[^A-Za-z0-9.)]+$/, '');
}

/**
 * The names GET /merchants/{id}/fetch_display_name offers: the saved display name first, then the trade name
 * (business_name), the PAN name and that name without its legal form, and the merchant's name, made readable and fit
 * to show, each once (letter case aside), those `isValid` (the display name's schema) accepts, at most five.
 */
export function displayNameSuggestions(record: MerchantRecord, isValid: (name: string) => boolean): string[] {
  const saved = text(record.display_name);
  const panName = text(record.pancard_name);
  const derived = [text(record.business_name), panName, panName?.replace(LEGAL_FORM, '') ?? null, text(record.name)]
    .filter((name): name is string => name !== null)
    .map((name) => tidied(readable(name)));
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const name of saved ? [saved, ...derived] : derived) {
    const key = name.toLowerCase();
    if (seen.has(key) || !isValid(name)) continue;
    seen.add(key);
    suggestions.push(name);
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}
