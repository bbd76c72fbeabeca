import type { JsonSchema } from './types';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/**
 * A copy of `schema` in which every `$ref` into another file (relative to the schema's `$id`, looked up among the
 * `$id`s of `schemas`) is replaced by the subschema it points to, merged with the `$ref`'s sibling keywords (the
 * siblings win, and an `errorMessage` object merges key by key so the definition's messages stay for the keywords the
 * siblings do not name), recursively. rjsf only follows local `#/...` refs, so a step schema is inlined before rendering;
 * the step's own `#/...` refs are left as they are.
 */
export function inlineRefs(schema: JsonSchema, schemas: readonly JsonSchema[]): JsonSchema {
  const documents = new Map<string, JsonObject>();
  for (const document of schemas) {
    if (typeof document.$id === 'string') documents.set(withoutFragment(document.$id), document as JsonObject);
  }
  const rootId = typeof schema.$id === 'string' ? withoutFragment(schema.$id) : undefined;

  function inline(node: Json, base: string | undefined, expanding: readonly string[]): Json {
    if (Array.isArray(node)) return node.map((item) => inline(item, base, expanding));
    if (node === null || typeof node !== 'object') return node;

    const nodeBase = typeof node.$id === 'string' ? resolve(node.$id, base) : base;
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) copy[key] = inline(value, nodeBase, expanding);
    const { $ref, ...siblings } = copy;
    if (typeof $ref !== 'string' || isLocalToRoot($ref, nodeBase)) return copy;

    const target = resolve($ref, nodeBase);
    if (expanding.includes(target)) throw new Error(`Cannot inline the recursive $ref ${target}`);
    const [documentId = '', pointer = ''] = target.split('#');
    const document = documents.get(documentId);
    if (!document) throw new Error(`Unknown schema in $ref ${target}`);
    const definition = { ...(inline(at(document, pointer, target), documentId, [...expanding, target]) as JsonObject) };
    // The inlined copy belongs to the referring document now, so it must not claim the other one's $id.
    delete definition.$id;
    return { ...definition, ...siblings, ...mergedErrorMessages(definition.errorMessage, siblings.errorMessage) };
  }

  function isLocalToRoot(ref: string, base: string | undefined): boolean {
    return ref.startsWith('#') && (base === undefined || withoutFragment(base) === rootId);
  }

  return inline(schema as JsonObject, rootId, []) as JsonSchema;
}

/** Both `errorMessage` objects merged (the referring schema's keys win); nothing when either is not an object. */
function mergedErrorMessages(fromDefinition: Json | undefined, fromSiblings: Json | undefined): JsonObject {
  const isObject = (value: Json | undefined): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
  return isObject(fromDefinition) && isObject(fromSiblings) ? { errorMessage: { ...fromDefinition, ...fromSiblings } } : {};
}

function resolve(ref: string, base: string | undefined): string {
  try {
    return new URL(ref, base).href;
  } catch {
    throw new Error(`Cannot resolve $ref ${ref}${base ? ` against ${base}` : ' in a schema without $id'}`);
  }
}

function withoutFragment(uri: string): string {
  return uri.split('#')[0] ?? uri;
}

/** The value at a JSON pointer (`/$defs/pan`) in a document. */
function at(document: Json, pointer: string, target: string): Json {
  let node: Json | undefined = document;
  for (const token of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Record<string, Json>)[key] : undefined;
    if (node === undefined) throw new Error(`Nothing at $ref ${target}`);
  }
  return node;
}
