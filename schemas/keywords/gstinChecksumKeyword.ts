import { _, type CodeKeywordDefinition } from 'ajv';
import { hasValidGstinChecksum } from './gstinChecksum';
import { moduleFunction } from './moduleFunction';

/**
 * `"gstinChecksum": true` — the string is a 15-character GSTIN whose last character is its check
 * character. The empty string passes (blank is for `minLength`/`required`); non-strings pass (`type`).
 */
export const gstinChecksumKeyword: CodeKeywordDefinition = {
  keyword: 'gstinChecksum',
  type: 'string',
  schemaType: 'boolean',
  code(cxt) {
    if (cxt.schema !== true) return;
    const check = moduleFunction(cxt, new URL('./gstinChecksum.ts', import.meta.url), 'hasValidGstinChecksum', hasValidGstinChecksum);
    cxt.fail(_`${cxt.data} !== "" && !${check}(${cxt.data})`);
  },
};
