import type { JsonSchema } from './types';

type JsonObject = { [key: string]: unknown };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `value` in which every property `schema` gives a `default` for, and `value` lacks, holds that default:
 * in the object itself and in the objects and list items below it, through `properties`, `items`, `allOf` and `$ref`
 * (resolved against the schemas' `$id`s, as Ajv resolves them). A key present, even as null, is left as it is.
 * Ajv's `useDefaults` does the same while validating; this walk needs no Ajv and leaves the shared `AJV_CONFIG` alone.
 */
export function withSchemaDefaults<T>(value: T, schema: JsonSchema, schemas: readonly JsonSchema[]): T {
  const documents = new Map(schemas.flatMap((document) => (typeof document.$id === 'string' ? [[document.$id, document] as const] : [])));

  function resolved(ref: string, base: string): { node: JsonObject; base: string } {
    const target = new URL(ref, base).href;
    const [documentId = '', pointer = ''] = target.split('#');
    const document = documents.get(documentId);
    if (!document) throw new Error(`withSchemaDefaults: unknown schema in $ref ${target}`);
    const node = pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((parent, key) => (isObject(parent) ? parent[decodeURIComponent(key).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
    if (!isObject(node)) throw new Error(`withSchemaDefaults: $ref ${target} points to no schema`);
    return { node, base: documentId };
  }

  function fill(data: unknown, node: JsonObject, base: string): unknown {
    let result = data;
    if (typeof node.$ref === 'string') {
      const target = resolved(node.$ref, base);
      result = fill(result, target.node, target.base);
    }
    for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
      if (isObject(part)) result = fill(result, part, base);
    }
    if (Array.isArray(result) && isObject(node.items)) {
      const items = node.items;
      result = result.map((item) => fill(item, items, base));
    }
    if (isObject(result) && isObject(node.properties)) {
      const copy: JsonObject = { ...result };
      for (const [key, property] of Object.entries(node.properties)) {
        if (!isObject(property)) continue;
        if (!(key in copy) && 'default' in property) copy[key] = structuredClone(property.default);
        if (key in copy) copy[key] = fill(copy[key], property, base);
      }
      result = copy;
    }
    return result;
  }

  const rootId = typeof schema.$id === 'string' ? schema.$id : 'https://onboarding.local/';
  return fill(value, schema, rootId) as T;
}
