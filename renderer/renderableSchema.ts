import type { RJSFSchema } from '@rjsf/utils';
import type { JsonSchema } from '../schemas/types';

const prepared = new WeakMap<JsonSchema, RJSFSchema>();

/**
 * A step schema as rjsf can render it: without its `$id`, because rjsf caches what it derives from a schema under its
 * `$id` and would go on using a stale copy once a caller changes the schema (injected options). rjsf only follows local
 * `#/...` refs, so the schema must come with its cross-file `$ref`s inlined: as a step's module ships it, or through
 * `inlineRefs` (schemas/inlineRefs.ts); another `$ref` is an error here rather than a field rjsf cannot render. The
 * same schema object always gives the same result object (looked up by identity, never by content: callers that build
 * equal schemas anew keep them stable themselves, as StepForm does).
 */
export function renderableSchema(schema: JsonSchema): RJSFSchema {
  let result = prepared.get(schema);
  if (!result) {
    const crossFile = crossFileRef(schema);
    if (crossFile) throw new Error(`renderableSchema: inline the $ref ${crossFile} first (schemas/inlineRefs.ts)`);
    const { $id: _id, ...rest } = schema;
    result = rest as RJSFSchema;
    prepared.set(schema, result);
  }
  return result;
}

/** The first `$ref` in `node` that points into another document, if any. */
function crossFileRef(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = crossFileRef(item);
      if (found) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return value;
    const found = crossFileRef(value);
    if (found) return found;
  }
  return undefined;
}
