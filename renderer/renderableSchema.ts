import type { RJSFSchema } from '@rjsf/utils';
import { allSchemas } from '../schemas/registry';
import type { JsonSchema } from '../schemas/types';
import { inlineRefs } from './inlineRefs';

const prepared = new Map<string, RJSFSchema>();

/**
 * A step schema as rjsf can render and validate it: cross-file `$ref`s inlined from `allSchemas`, and without its
 * `$id`, because rjsf's Ajv caches a compiled schema under its `$id` and would go on validating against a stale copy
 * once a caller changes the schema (injected options) or rjsf resolves its if/then into a new object with the same
 * `$id`. The same content always gives the same object, so Ajv compiles each schema once.
 */
export function renderableSchema(schema: JsonSchema): RJSFSchema {
  const key = JSON.stringify(schema);
  let result = prepared.get(key);
  if (!result) {
    result = inlineRefs(schema, allSchemas) as RJSFSchema;
    delete result.$id;
    prepared.set(key, result);
  }
  return result;
}
