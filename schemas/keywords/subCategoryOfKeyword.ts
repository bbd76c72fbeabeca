import { _, type CodeKeywordDefinition } from 'ajv';
import { isSubCategoryOf } from './subCategoryOf';
import { moduleFunction } from './moduleFunction';

/**
 * `"subCategoryOf": {"$data": "1/business_category_id"}` (a relative JSON pointer from the sub-category to the
 * category chosen beside it): the business sub-category must be one of that category's in the master table
 * (schemas/master/business-categories.json). Without a known category there is nothing to compare and the value
 * passes. Needs Ajv's `$data: true` option (see AJV_CONFIG).
 */
export const subCategoryOfKeyword: CodeKeywordDefinition = {
  keyword: 'subCategoryOf',
  type: 'integer',
  $data: true,
  code(cxt) {
    const { data, schemaCode: category } = cxt;
    const belongs = moduleFunction(cxt, new URL('./subCategoryOf.ts', import.meta.url), 'isSubCategoryOf', isSubCategoryOf);
    cxt.fail$data(_`!${belongs}(${data}, ${category})`);
  },
};
