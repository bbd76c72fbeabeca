import type { UiSchema } from '../schemas/types';
import { withValueAt } from '../rules/withValueAt';

/**
 * `uiSchema` with `ui:busy` set on the fields (paths: `registration_address`, `a.b`) of the lookups still running: the
 * catalogue key that field's template shows over a progress bar (renderer/FieldTemplate.tsx). The first lookup of a
 * field wins; the uiSchema given is not changed.
 */
export function withBusyFields(uiSchema: UiSchema, running: ReadonlyArray<{ at: string; message: string }>): UiSchema {
  return [...running].reverse().reduce((result, { at, message }) => withValueAt(result, [...at.split('.'), 'ui:busy'], message) as UiSchema, uiSchema);
}
