import type { KeywordDefinition } from 'ajv';

/** Whether a 15-character GSTIN carries the PAN as its characters 3 to 12; other lengths are left to the format check. */
export function gstinMatchesPan(gstin: string, pan: string): boolean {
  return gstin.length !== 15 || gstin.slice(2, 12).toUpperCase() === pan.toUpperCase();
}

/**
 * `"gstinMatchesPan": "<PAN>"` or, usually, `{"$data": "1/$context/pancard_number"}` (a relative JSON
 * pointer from the GSTIN to the merchant's PAN): a 15-character GSTIN must embed that PAN. When the
 * PAN is not known (pointer resolves to nothing, null or an empty string) there is nothing to compare
 * and the value passes. Needs Ajv's `$data: true` option (see AJV_CONFIG).
 */
export const gstinMatchesPanKeyword: KeywordDefinition = {
  keyword: 'gstinMatchesPan',
  type: 'string',
  $data: true,
  errors: false,
  validate: (pan: unknown, data: string) => typeof pan !== 'string' || pan === '' || gstinMatchesPan(data, pan),
};
