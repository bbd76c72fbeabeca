import type { RJSFSchema, SchemaUtilsType } from '@rjsf/utils';

/** Keywords with which rjsf's `retrieveSchema` looks at the data (or at other schemas, which might). */
const DATA_KEYWORDS = ['if', 'dependencies', 'dependentSchemas', 'patternProperties', '$ref'];

const independence = new WeakMap<object, boolean>();
const wrapped = new WeakMap<object, SchemaUtilsType>();
const wrappers = new WeakSet<object>();

/**
 * `schemaUtils` whose `retrieveSchema` answers a schema that does not depend on the data (no conditions,
 * dependencies, references or additional properties anywhere in it) from a cache: rjsf retrieves the schema of every
 * field it renders, copying the whole subtree each time, so a keystroke re-retrieved the root schema (all its fields)
 * twice. The answer for such a schema is the same for any data. Everything else is rjsf's own.
 */
export function withSchemaRetrievalCache<U extends SchemaUtilsType>(schemaUtils: U): U {
  if (wrappers.has(schemaUtils)) return schemaUtils;
  let wrapper = wrapped.get(schemaUtils);
  if (!wrapper) {
    const cache = new WeakMap<object, [RJSFSchema?, RJSFSchema?]>();
    const retrieveSchema = schemaUtils.retrieveSchema.bind(schemaUtils);
    wrapper = Object.create(schemaUtils, {
      retrieveSchema: {
        value(schema: RJSFSchema, formData?: unknown, resolveAnyOfOrOneOfRefs?: boolean): RJSFSchema {
          if (!isDataIndependent(schema)) return retrieveSchema(schema, formData, resolveAnyOfOrOneOfRefs);
          const entry = cache.get(schema) ?? [];
          const slot = resolveAnyOfOrOneOfRefs ? 1 : 0;
          entry[slot] ??= retrieveSchema(schema, formData, resolveAnyOfOrOneOfRefs);
          cache.set(schema, entry);
          return entry[slot]!;
        },
      },
    }) as SchemaUtilsType;
    wrapped.set(schemaUtils, wrapper);
    wrappers.add(wrapper);
  }
  return wrapper as U;
}

/** Whether rjsf resolves `schema` the same way whatever the data: no conditions, dependencies, references or additional properties in it. */
export function isDataIndependent(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return true;
  let known = independence.get(schema);
  if (known === undefined) {
    const record = schema as Record<string, unknown>;
    known =
      !DATA_KEYWORDS.some((keyword) => keyword in record) &&
      (record.additionalProperties === undefined || record.additionalProperties === false) &&
      Object.values(record).every(isDataIndependent);
    independence.set(schema, known);
  }
  return known;
}
