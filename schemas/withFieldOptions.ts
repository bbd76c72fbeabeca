import type { JsonSchema } from './types';

/** One choice of a select: the stored value and the label shown. */
export interface FieldOption {
  value: string | number;
  label: string;
}

/**
 * A copy of a step schema whose top-level `field` may only take one of `options`
 * (as `oneOf` of `const`s, which rjsf renders as a select): how master data such as
 * business entities becomes the choices of a field without code per field.
 */
export function withFieldOptions(schema: JsonSchema, field: string, options: readonly FieldOption[]): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: {
      ...properties,
      [field]: { ...properties[field], oneOf: options.map(({ value, label }) => ({ const: value, title: label })) },
    },
  };
}
