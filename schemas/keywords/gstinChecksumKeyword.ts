import { hasValidGstinChecksum } from './gstinChecksum';
import { stringCheckKeyword } from './stringCheckKeyword';

/** `"gstinChecksum": true` — a 15-character GSTIN whose last character is its check character; '' passes. */
export const gstinChecksumKeyword = stringCheckKeyword({
  keyword: 'gstinChecksum',
  module: new URL('./gstinChecksum.ts', import.meta.url),
  exportName: 'hasValidGstinChecksum',
  check: hasValidGstinChecksum,
  blankPasses: true,
});
