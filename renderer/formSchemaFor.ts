import type { FieldOption } from '../schemas/withFieldOptions';
import { withFieldOptions } from '../schemas/withFieldOptions';
import { resolvedConditionals } from '../schemas/resolvedConditionals';
import type { JsonSchema, UiSchema } from '../schemas/types';
import { isRecord } from '../rules/isRecord';

type Properties = Record<string, JsonSchema>;
const mentionsData = (value: unknown) => JSON.stringify(value).includes('"$data"');

/**
 * The schema a step form renders for the data so far, from the step schema and the uiSchema its rules gave:
 *
 * - top-level `if` conditions resolved for the data (`isValid`: the step's precompiled validator), so the form shows
 *   exactly the fields the server accepts for it (a branch that sets a property to `false` removes it);
 * - checks rjsf cannot render (`$data` references) left to the validator, which checks the step schema itself;
 * - a field's `ui:choices` (`[{value, label}]`) become its select's options, in place of its `enum`;
 *   `ui:examples` become its suggestions; `ui:omit` removes it.
 *
 * The uiSchema keys read here are this project's, set by a step definition's `uiRules`; rjsf ignores them.
 */
export function formSchemaFor(
  stepSchema: JsonSchema,
  data: unknown,
  uiSchema: UiSchema,
  isValid: (condition: JsonSchema, data: unknown) => boolean,
): JsonSchema {
  let schema = Array.isArray(stepSchema.allOf) ? resolvedConditionals(stepSchema, data, isValid).schema : stepSchema;
  if (Array.isArray(schema.allOf)) schema = { ...schema, allOf: (schema.allOf as JsonSchema[]).filter((entry) => !mentionsData(entry)) };
  let properties = { ...((schema.properties ?? {}) as Properties) };
  let required = Array.isArray(schema.required) ? (schema.required as string[]) : undefined;
  for (const [field, options] of Object.entries(uiSchema)) {
    if (field.startsWith('ui:') || !isRecord(options) || !(field in properties)) continue;
    if (options['ui:omit'] === true) {
      delete properties[field];
      required = required?.filter((name) => name !== field);
      continue;
    }
    if (Array.isArray(options['ui:choices']) && options['ui:choices'].length > 0) {
      const { enum: _values, ...rest } = properties[field]!;
      properties = withFieldOptions({ properties: { ...properties, [field]: rest } }, field, options['ui:choices'] as FieldOption[]).properties as Properties;
    }
    if (Array.isArray(options['ui:examples'])) properties[field] = { ...properties[field], examples: options['ui:examples'] };
  }
  return { ...schema, properties, ...(required ? { required } : {}) };
}
