import { hasValidVerhoeffCheckDigit } from './verhoeff';
import { stringCheckKeyword } from './stringCheckKeyword';

/** `"verhoeff": true` — the string is digits whose last digit is their Verhoeff check digit; '' passes. */
export const verhoeffKeyword = stringCheckKeyword({
  keyword: 'verhoeff',
  module: new URL('./verhoeff.ts', import.meta.url),
  exportName: 'hasValidVerhoeffCheckDigit',
  check: hasValidVerhoeffCheckDigit,
  blankPasses: true,
});
