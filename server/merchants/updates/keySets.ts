import type { JsonSchema } from '../../../schemas/types';

/** The keys one kind of body may hold: every one of `required`, and any of `optional`. */
export interface KeySet {
  required: readonly string[];
  optional: readonly string[];
}

/** The property names a schema's branches (if/then/else, allOf, anyOf, oneOf, dependentSchemas) may add, at its top level. */
function branchProperties(schema: JsonSchema): string[] {
  const branches = [schema.then, schema.else, ...((schema.allOf ?? []) as unknown[]), ...((schema.anyOf ?? []) as unknown[]), ...((schema.oneOf ?? []) as unknown[]), ...Object.values((schema.dependentSchemas ?? {}) as object)];
  return branches.flatMap((branch) =>
    typeof branch === 'object' && branch !== null ? [...Object.keys(((branch as JsonSchema).properties ?? {}) as object), ...branchProperties(branch as JsonSchema)] : [],
  );
}

/**
 * The key set of a body a schema checks: its top-level `required` keys, and the other properties it or its branches
 * name (the PAN's date of birth, asked of an Individual only); `$context`, the step's context the server projects
 * from the stored record, is not the client's to send.
 */
export function keySetOf(schema: JsonSchema): KeySet {
  const required = ((schema.required ?? []) as string[]).filter((key) => key !== '$context');
  const named = [...new Set([...Object.keys((schema.properties ?? {}) as object), ...branchProperties(schema)])].filter((key) => key !== '$context');
  return { required, optional: named.filter((key) => !required.includes(key)) };
}

/** Whether a body with exactly these keys is of this kind: all the required keys, nothing the kind does not name. */
export function bodyMatches(keys: readonly string[], set: KeySet): boolean {
  return set.required.every((key) => keys.includes(key)) && keys.every((key) => set.required.includes(key) || set.optional.includes(key));
}

/** Whether some body would match both kinds: the keys both require are all keys both name. */
export function keySetsOverlap(a: KeySet, b: KeySet): boolean {
  const namedByBoth = [...a.required, ...a.optional].filter((key) => b.required.includes(key) || b.optional.includes(key));
  return [...a.required, ...b.required].every((key) => namedByBoth.includes(key));
}

/** A key set as a reader sees it: `{pancard_number, business_entity_id}`, optional keys marked `?`. */
export function describeKeySet(set: KeySet): string {
  return `{${[...set.required, ...set.optional.map((key) => `${key}?`)].join(', ')}}`;
}
