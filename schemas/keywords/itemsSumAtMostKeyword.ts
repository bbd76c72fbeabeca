import { _, type CodeKeywordDefinition } from 'ajv';
import { itemsSumAtMost } from './itemsSumAtMost';
import { moduleFunction } from './moduleFunction';

/** The value of the `itemsSumAtMost` keyword: which property of the items to add up, and the most the total may be. */
interface ItemsSum {
  property: string;
  maximum: number;
}

/**
 * `"itemsSumAtMost": {"property": "ownership_percentage", "maximum": 100}` — the numbers at `property` of an array's
 * items add up to at most `maximum` (the beneficial owners' shares together). Each number's own range is `minimum` and
 * `maximum` on the item's property; a number outside 0 to `maximum` is left to that check (see itemsSumAtMost.ts).
 */
export const itemsSumAtMostKeyword: CodeKeywordDefinition = {
  keyword: 'itemsSumAtMost',
  type: 'array',
  schemaType: 'object',
  metaSchema: {
    type: 'object',
    required: ['property', 'maximum'],
    properties: { property: { type: 'string' }, maximum: { type: 'number' } },
    additionalProperties: false,
  },
  code(cxt) {
    const { property, maximum } = cxt.schema as ItemsSum;
    const withinSum = moduleFunction(cxt, new URL('./itemsSumAtMost.ts', import.meta.url), 'itemsSumAtMost', itemsSumAtMost);
    cxt.fail(_`!${withinSum}(${cxt.data}, ${property}, ${maximum})`);
  },
};
