import { _, type CodeKeywordDefinition } from 'ajv';
import { gstinMatchesPan } from './gstinMatchesPan';
import { moduleFunction } from './moduleFunction';

/**
 * `"gstinMatchesPan": "<PAN>"` or, usually, `{"$data": "1/$context/pancard_number"}` (a relative JSON
 * pointer from the GSTIN to the merchant's PAN): a 15-character GSTIN must embed that PAN. When the
 * PAN is not known (pointer resolves to nothing, null or an empty string) there is nothing to compare
 * and the value passes. Needs Ajv's `$data: true` option (see AJV_CONFIG).
 */
export const gstinMatchesPanKeyword: CodeKeywordDefinition = {
  keyword: 'gstinMatchesPan',
  type: 'string',
  $data: true,
  code(cxt) {
    const { data, schemaCode: pan } = cxt;
    const matches = moduleFunction(cxt, new URL('./gstinMatchesPan.ts', import.meta.url), 'gstinMatchesPan', gstinMatchesPan);
    cxt.fail$data(_`typeof ${pan} == "string" && ${pan} !== "" && !${matches}(${data}, ${pan})`);
  },
};
