import { isRecord } from '../isRecord';
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
   * An Indian mobile number as its 10 digits: spaces, hyphens and brackets dropped, and a `+91`, `91` or `0` in front
   * of 10 digits; anything else is left as typed (trimmed), for the schema to judge.
   */
  mobile: (text: string) => {
    const digits = text.replace(/[\s()-]+/g, '').replace(/^\+91(?=\d{10}$)/, '').replace(/^(91|0)(?=\d{10}$)/, '');
    return /^\d{10}$/.test(digits) ? digits : text.trim();
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
