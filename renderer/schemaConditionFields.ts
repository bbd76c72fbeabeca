import type { JsonSchema } from '../schemas/types';

const cache = new WeakMap<object, ReadonlySet<string>>();

/**
 * The names of the properties whose values can change what rjsf renders for `schema` or the defaults it fills in:
 * every property an `if` condition, a `dependencies`/`dependentSchemas`/`dependentRequired` entry or an option of a
 * non-select `oneOf`/`anyOf` mentions, at any depth. An edit of any other field changes that field's value and
 * nothing else, so it needs no whole-form update. Names, not paths: a name used at two depths counts at both.
 */
export function schemaConditionFields(schema: object): ReadonlySet<string> {
  let fields = cache.get(schema);
  if (!fields) {
    const names = new Set<string>();
    collect(schema, names);
    fields = names;
    cache.set(schema, fields);
  }
  return fields;
}

function collect(node: unknown, names: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, names);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.if !== undefined) mentionedProperties(schema.if, names);
  for (const keyword of ['dependencies', 'dependentSchemas', 'dependentRequired'] as const) {
    const dependencies = schema[keyword];
    if (dependencies && typeof dependencies === 'object') {
      for (const [name, dependency] of Object.entries(dependencies)) {
        names.add(name);
        mentionedProperties(dependency, names);
      }
    }
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && !options.every(isConstantOption)) mentionedProperties(options, names);
  }
  if (schema.properties && typeof schema.properties === 'object') {
    for (const [name, property] of Object.entries(schema.properties as Record<string, unknown>)) {
      // A field whose own value picks one of its alternatives.
      if (property && typeof property === 'object' && hasAlternatives(property as JsonSchema)) names.add(name);
    }
  }
  for (const value of Object.values(schema)) collect(value, names);
}

/** Every property name in a subschema: keys of `properties` and entries of `required`, at any depth. */
function mentionedProperties(node: unknown, names: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) mentionedProperties(item, names);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.properties && typeof schema.properties === 'object') for (const name of Object.keys(schema.properties)) names.add(name);
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') names.add(name);
  for (const value of Object.values(schema)) mentionedProperties(value, names);
}

function hasAlternatives(schema: JsonSchema): boolean {
  return (['oneOf', 'anyOf'] as const).some((keyword) => {
    const options = schema[keyword];
    return Array.isArray(options) && !options.every(isConstantOption);
  });
}

/** A select's choice: `{ const, title }` (rjsf renders such a oneOf/anyOf as a select, not as alternatives). */
function isConstantOption(option: unknown): boolean {
  return option !== null && typeof option === 'object' && 'const' in option;
}
