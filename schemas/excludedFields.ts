import type { AjvInstance } from './ajv';
import type { JsonSchema } from './types';

/**
 * The properties a step schema rules out for `data`: those set to `false` by the applicable branch (`then` or `else`)
 * of its top-level `allOf` conditionals, e.g. the business name of the bank form's Individual. Conditions are
 * evaluated with the given Ajv, so the form shows what the server accepts.
 */
export function excludedFields(schema: JsonSchema, data: unknown, ajv: AjvInstance): string[] {
  const entries = Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : [];
  return entries.flatMap((entry) => {
    if (entry.if === undefined) return [];
    const branch = (ajv.validate(entry.if as JsonSchema, data) ? entry.then : entry.else) as JsonSchema | undefined;
    const properties = (branch?.properties ?? {}) as Record<string, unknown>;
    return Object.keys(properties).filter((name) => properties[name] === false);
  });
}
