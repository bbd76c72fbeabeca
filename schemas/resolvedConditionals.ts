import type { JsonSchema } from './types';

/**
 * A step schema with its top-level `allOf` conditionals resolved for `data`: each `if` evaluated with `isValid` (in the
 * app, the step's precompiled validator), only the applicable `then`/`else` kept, and the properties a branch sets to
 * `false` removed (`excluded`), e.g. the business name of the bank form's Individual. For a form that shows exactly the
 * fields the server accepts.
 */
export function resolvedConditionals(
  schema: JsonSchema,
  data: unknown,
  isValid: (condition: JsonSchema, data: unknown) => boolean,
): { schema: JsonSchema; excluded: string[] } {
  const excluded: string[] = [];
  const branches = ((schema.allOf ?? []) as JsonSchema[]).flatMap((entry) => {
    if (entry.if === undefined) return [entry];
    const branch = (isValid(entry.if as JsonSchema, data) ? entry.then : entry.else) as JsonSchema | undefined;
    if (!branch) return [];
    const properties = Object.entries((branch.properties ?? {}) as Record<string, unknown>).filter(([name, property]) => {
      if (property === false) excluded.push(name);
      return property !== false;
    });
    const { properties: _all, ...rest } = branch;
    return [properties.length > 0 ? { ...rest, properties: Object.fromEntries(properties) } : rest];
  });
  const properties = Object.entries((schema.properties ?? {}) as Record<string, unknown>).filter(([name]) => !excluded.includes(name));
  return { schema: { ...schema, properties: Object.fromEntries(properties), allOf: branches }, excluded };
}
