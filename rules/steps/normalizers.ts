import { isRecord } from '../isRecord';

/** The marks of a rupee amount, before or after its digits (any case; longer ones first). */
export const RUPEE_MARKS = ['₹', 'rs.', 'rs', 'inr', 'rupees', 'rupee'] as const;
/** What is written after a whole amount (`₹2/-`). */
export const AMOUNT_END = '/-';
const markPattern = RUPEE_MARKS.map((mark) => mark.replace(/[.]/g, '\\.')).join('|');
const LEADING_MARK = new RegExp(`^(?:${markPattern})\\s*`, 'i');
const TRAILING_MARK = new RegExp(`\\s*(?:${markPattern})$`, 'i');
const TRAILING_END = new RegExp(`\\s*${AMOUNT_END}$`);
/** The longest web address the schema takes (definitions.json `url`); a longer one is not scanned. */
const MAX_WEB_ADDRESS = 255;
/** The longest text read as an amount (the spec's default maximum for a text input); a longer one is not scanned. */
const MAX_AMOUNT_TEXT = 100;
/** Digits grouped by thousands, the Indian (`1,00,000`) or the international way (`100,000`), maybe with decimals. */
const GROUPED_DIGITS = /^\d{1,3}(?:,\d{2,3})*,\d{3}(?:\.\d*)?$/;

/**
 * How the form and the server forgive what a merchant types before it is validated: named text normalisers a uiSchema
 * field asks for with `"ui:normalize": [names]`, applied as the merchant types (NormalizedInputWidget) and again to
 * the body on the server (checkStepBody), so both validate the same text.
 */
export const normalizers = {
  /** Capitals: GSTIN, IFSC, CIN, PAN as the schema expects them. */
  upper: (text: string) => text.toUpperCase(),
  /** No white space at all: codes pasted with spaces. */
  compact: (text: string) => text.replace(/\s+/g, ''),
  /** No spaces or hyphens: an account number typed in groups (`5010 0123-4567`). */
  noSeparators: (text: string) => text.replace(/[\s-]+/g, ''),
  /**
   * A web address typed without its scheme (`janakitchens.in`, `www.janakitchens.in/menu`) gets `https://` in front,
   * once what is typed reads as a host with a suffix (a dot, then two letters); one with a scheme (`http://…`), or
   * anything else, is left for the schema to judge. Spaces are dropped (as `compact`). Safe while typing: `janakitchens`
   * stays as it is until its suffix is typed.
   */
  webAddress: (text: string) => {
    const compact = text.replace(/\s+/g, '');
    if (compact.length > MAX_WEB_ADDRESS || /^[a-z][a-z0-9+.-]*:/i.test(compact)) return compact;
    return /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(?:[:/?#]|$)/i.test(compact) ? `https://${compact}` : compact;
  },
  /**
   * An Indian mobile number as its 10 digits: spaces, hyphens and brackets dropped, and a `+91`, `91` or `0` in front
   * of 10 digits; anything else is left as typed (trimmed), for the schema to judge.
   */
  mobile: (text: string) => {
    const digits = text.replace(/[\s()-]+/g, '').replace(/^\+91(?=\d{10}$)/, '').replace(/^(91|0)(?=\d{10}$)/, '');
    return /^\d{10}$/.test(digits) ? digits : text.trim();
  },
  /**
   * A rupee amount as its digits, as typed or copied from a statement: a mark before or after (`₹`, `Rs`, `Rs.`,
   * `INR`, `rupees`), a trailing `/-`, spaces, and thousands commas (only where they group thousands: `2,38` is left
   * as typed, not read as 238) dropped; anything else is left for the schema to judge. Applied to a whole text (the
   * penny amount sent), not keystroke by keystroke: a mark typed half-way (`R`) is no mark yet.
   */
  amount: (text: string) => {
    // Longer than any amount with its marks could be: left as it is for the schema to refuse, never scanned.
    if (text.length > MAX_AMOUNT_TEXT) return text;
    const bare = text.trim().replace(LEADING_MARK, '').replace(TRAILING_END, '').replace(TRAILING_MARK, '').replace(/\s+/g, '');
    return GROUPED_DIGITS.test(bare) ? bare.replace(/,/g, '') : bare;
  },
} as const satisfies Record<string, (text: string) => string>;

export type NormalizerName = keyof typeof normalizers;

/** The text with the named normalisers applied in order (unknown names are refused by the definition's format). */
export function normalizeText(text: string, names: readonly string[]): string {
  return names.reduce((result, name) => (name in normalizers ? normalizers[name as NormalizerName](result) : result), text);
}


/**
 * `data` with every string field whose uiSchema entry has `ui:normalize` normalised: fields of objects by their
 * uiSchema entries, items of lists by `items`. Other values are returned as they are (the same objects when nothing
 * changes).
 */
export function normalizeData(data: unknown, uiSchema: unknown): unknown {
  if (!isRecord(uiSchema)) return data;
  const names = uiSchema['ui:normalize'];
  if (typeof data === 'string') return Array.isArray(names) ? normalizeText(data, names as string[]) : data;
  if (Array.isArray(data)) {
    const items = data.map((item) => normalizeData(item, uiSchema.items));
    return items.some((item, index) => item !== data[index]) ? items : data;
  }
  if (!isRecord(data)) return data;
  let result = data;
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith('ui:') || !isRecord(uiSchema[key])) continue;
    const normalized = normalizeData(value, uiSchema[key]);
    if (normalized !== value) result = { ...result, [key]: normalized };
  }
  return result;
}
