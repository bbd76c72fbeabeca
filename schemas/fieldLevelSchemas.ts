import type { JsonSchema } from './types';

/**
 * A field of a step schema that can be validated on its own, and the schema that does it: its parent object reduced
 * to this one property (its subschema, whether it is required, the parent's ajv-errors texts for it), with every
 * `$ref` made absolute so that it compiles under another `$id`.
 */
export interface FieldLevelSchema {
  /** The field's instance path as a JSON pointer (`/bank_detail/ifsc_code`), the key live validation files it by. */
  key: string;
  schema: JsonSchema;
}

/** Keywords of an object schema that constrain only the object itself or nothing at all. */
const PLAIN_OBJECT_KEYWORDS = new Set([
  '$id',
  '$schema',
  '$comment',
  '$defs',
  'title',
  'description',
  'default',
  'examples',
  'type',
  'properties',
  'required',
  'errorMessage',
  'unevaluatedProperties',
  'additionalProperties',
]);

/** Keywords that make other parts of the data constrain a property, or constrain it twice: checked by mention. */
const CONDITIONAL_KEYWORDS = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'dependentSchemas', 'dependentRequired', 'dependencies'];

/**
 * The fields of `stepSchema` whose errors depend only on their own value, each with its field-level schema; live
 * validation checks such a field alone after an edit and the whole form only on submit. Conservative: a field is left
 * out when a condition or a combination of its parent (or of any object above it) mentions it or its ancestors by
 * name, when its parent has a keyword that is not in {@link PLAIN_OBJECT_KEYWORDS}, when its schema (or a schema it
 * references) reads other data through `$data`, and when it is or sits in an array. `resolve` returns the schema an
 * absolute `$ref` points to. A test checks that each gives the same errors as the whole form (fieldLevelSchemas.test).
 */
export function fieldLevelSchemas(stepSchema: JsonSchema, resolve: (absoluteRef: string) => unknown): FieldLevelSchema[] {
  const baseId = stepSchema.$id;
  if (typeof baseId !== 'string') throw new Error('fieldLevelSchemas: the step schema has no $id');
  const found: FieldLevelSchema[] = [];

  const visit = (node: Record<string, unknown>, pointer: string, base: string): void => {
    if (Object.keys(node).some((keyword) => !PLAIN_OBJECT_KEYWORDS.has(keyword) && !CONDITIONAL_KEYWORDS.includes(keyword))) return;
    const properties = (node.properties ?? {}) as Record<string, Record<string, unknown>>;
    const conditions = JSON.stringify(CONDITIONAL_KEYWORDS.map((keyword) => node[keyword] ?? null));
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const texts = node.errorMessage;
    if (texts !== undefined && (typeof texts !== 'object' || Object.keys(texts as object).some((keyword) => keyword !== 'required' && keyword !== 'properties'))) return;
    for (const [name, property] of Object.entries(properties)) {
      if (conditions.includes(JSON.stringify(name))) continue;
      const key = `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const followed = followRefs(property, base, resolve);
      if (followed === undefined || readsOtherData(property, base, resolve)) continue;
      const target = followed.schema;
      if (isObjectSchema(target)) {
        visit(target, key, followed.base);
        continue;
      }
      if (target.type === 'array' || 'items' in target || 'prefixItems' in target) continue;
      const schema: JsonSchema = { type: 'object', properties: { [name]: withAbsoluteRefs(property, base) as JsonSchema } };
      if (required.includes(name)) schema.required = [name];
      const own = ownTexts(texts as { required?: unknown; properties?: unknown } | undefined, name);
      if (own === null) continue;
      if (own) schema.errorMessage = own;
      found.push({ key, schema });
    }
  };
  visit(stepSchema as Record<string, unknown>, '', baseId);
  return found;
}

/** The parent's ajv-errors texts for `name` alone; null when a text covers several properties at once. */
function ownTexts(texts: { required?: unknown; properties?: unknown } | undefined, name: string): Record<string, unknown> | undefined | null {
  if (!texts) return undefined;
  const own: Record<string, unknown> = {};
  for (const keyword of ['required', 'properties'] as const) {
    const byProperty = texts[keyword];
    if (byProperty === undefined) continue;
    if (typeof byProperty !== 'object' || byProperty === null) return null;
    const text = (byProperty as Record<string, unknown>)[name];
    if (text !== undefined) own[keyword] = { [name]: text };
  }
  return Object.keys(own).length > 0 ? own : undefined;
}

function isObjectSchema(schema: Record<string, unknown>): boolean {
  return schema.type === 'object' || 'properties' in schema;
}

/**
 * The schema `schema` stands for once its `$ref`s (relative to `baseId`) are followed, and the base its own `$ref`s
 * are relative to; undefined if one is missing.
 */
function followRefs(
  schema: Record<string, unknown>,
  baseId: string,
  resolve: (absoluteRef: string) => unknown,
): { schema: Record<string, unknown>; base: string } | undefined {
  let current = schema;
  let base = baseId;
  for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
    if (hops > 20) throw new Error(`fieldLevelSchemas: $ref cycle at ${String(current.$ref)}`);
    // A $ref beside other keywords also applies them: such a field is checked as a whole only.
    if (Object.keys(current).some((keyword) => keyword !== '$ref' && keyword !== '$comment')) return undefined;
    const absolute = new URL(current.$ref, base).href;
    const next = resolve(absolute);
    if (!next || typeof next !== 'object') return undefined;
    base = absolute;
    current = next as Record<string, unknown>;
  }
  return { schema: current, base };
}

/** Whether `schema`, or any schema it references, reads other data (`$data`). */
function readsOtherData(schema: unknown, baseId: string, resolve: (absoluteRef: string) => unknown, seen = new Set<string>()): boolean {
  if (Array.isArray(schema)) return schema.some((item) => readsOtherData(item, baseId, resolve, seen));
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([keyword, value]) => {
    if (keyword === '$data') return true;
    if (keyword === '$comment') return false;
    if (keyword === '$ref' && typeof value === 'string') {
      const absolute = new URL(value, baseId).href;
      if (seen.has(absolute)) return false;
      seen.add(absolute);
      return readsOtherData(resolve(absolute), absolute, resolve, seen);
    }
    return readsOtherData(value, baseId, resolve, seen);
  });
}

/** A copy of `schema` whose `$ref`s are absolute (resolved against `baseId`). */
function withAbsoluteRefs(schema: unknown, baseId: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withAbsoluteRefs(item, baseId));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? new URL(value, baseId).href : withAbsoluteRefs(value, baseId)]),
  );
}

/** A resolver of absolute `$ref`s (`<$id>#<JSON pointer>`) over `schemas`. */
export function refResolverOver(schemas: readonly JsonSchema[]): (absoluteRef: string) => unknown {
  const byId = new Map(schemas.map((schema) => [schema.$id as string, schema]));
  return (absoluteRef) => {
    const [id = '', fragment = ''] = absoluteRef.split('#');
    let node: unknown = byId.get(id);
    for (const segment of fragment.split('/').slice(1)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return node;
  };
}
