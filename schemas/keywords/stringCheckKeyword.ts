import { _, type CodeKeywordDefinition } from 'ajv';
import { moduleFunction } from './moduleFunction';

/** What a `"<keyword>": true` string check calls, and whether the empty string passes. */
export interface StringCheck {
  keyword: string;
  /** The module that exports the check (`new URL('./verhoeff.ts', import.meta.url)`). */
  module: URL;
  exportName: string;
  check: (value: string) => boolean;
  /** The empty string passes: blank is for `minLength`/`required` to report. */
  blankPasses: boolean;
}

/**
 * A code-generating keyword `"<keyword>": true` over strings that calls an exported check (see
 * `moduleFunction`), so runtime and ahead-of-time compiled validators share one implementation.
 * Non-strings pass: `type` reports them.
 */
export function stringCheckKeyword({ keyword, module, exportName, check, blankPasses }: StringCheck): CodeKeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const passes = moduleFunction(cxt, module, exportName, check);
      cxt.fail(blankPasses ? _`${cxt.data} !== "" && !${passes}(${cxt.data})` : _`!${passes}(${cxt.data})`);
    },
  };
}
