import { _, type CodeKeywordDefinition } from 'ajv';
import { hasValidVerhoeffCheckDigit } from './verhoeff';
import { moduleFunction } from './moduleFunction';

/**
 * `"verhoeff": true` — the string is digits whose last digit is their Verhoeff check digit. The empty
 * string passes: blank is for `minLength`/`required` to report. Non-strings pass (`type` reports them).
 */
export const verhoeffKeyword: CodeKeywordDefinition = {
  keyword: 'verhoeff',
  type: 'string',
  schemaType: 'boolean',
  code(cxt) {
    if (cxt.schema !== true) return;
    const check = moduleFunction(cxt, new URL('./verhoeff.ts', import.meta.url), 'hasValidVerhoeffCheckDigit', hasValidVerhoeffCheckDigit);
    cxt.fail(_`${cxt.data} !== "" && !${check}(${cxt.data})`);
  },
};
