import type { UiSchema } from '../schemas/types';
import { isRecord } from '../rules/isRecord';

/**
 * `uiSchema` with `ui:busy` set on the fields (paths: `registration_address`, `a.b`) of the lookups still running: the
 * catalogue key that field's template shows over a progress bar (renderer/FieldTemplate.tsx). The first lookup of a
 * field wins; the uiSchema given is not changed.
 */
export function withBusyFields(uiSchema: UiSchema, running: ReadonlyArray<{ at: string; message: string }>): UiSchema {
  let result = uiSchema;
  for (const { at, message } of [...running].reverse()) result = withOptionAt(result, at.split('.'), message);
  return result;
}

function withOptionAt(uiSchema: UiSchema, path: string[], message: string): UiSchema {
  const [field, ...rest] = path;
  if (field === undefined) return { ...uiSchema, 'ui:busy': message };
  const current = isRecord(uiSchema[field]) ? (uiSchema[field] as UiSchema) : {};
  return { ...uiSchema, [field]: withOptionAt(current, rest, message) };
}
