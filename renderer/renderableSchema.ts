import type { RJSFSchema } from '@rjsf/utils';
import { stepSchemaFiles } from '../schemas/stepCatalogue';
import type { JsonSchema } from '../schemas/types';
import { inlineRefs } from './inlineRefs';

const prepared = new WeakMap<JsonSchema, RJSFSchema>();

/**
 * A step schema as rjsf can render it: cross-file `$ref`s inlined from the step schema files, and without its `$id`, because
 * rjsf caches what it derives from a schema under its `$id` and would go on using a stale copy once a caller changes
 * the schema (injected options). The same schema object always gives the same result object (looked up by identity,
 * never by content: callers that build equal schemas anew keep them stable themselves, as StepForm does).
 */
export function renderableSchema(schema: JsonSchema): RJSFSchema {
  let result = prepared.get(schema);
  if (!result) {
    result = inlineRefs(schema, stepSchemaFiles) as RJSFSchema;
    delete result.$id;
    prepared.set(schema, result);
  }
  return result;
}
