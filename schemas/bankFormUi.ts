import bankFormEntities from './master/bank-form-entities.json';
import type { BankFormContext } from './bankFormContext';
import type { UiSchema } from './types';

/** Per-entity message keys of one bank-form entity (schemas/master/bank-form-entities.json). */
interface EntityText {
  labels: Record<string, string>;
  hints: Record<string, string>;
  holder_name_from: string;
}

const entities: Record<string, EntityText> = bankFormEntities.entities;

/** Whether the holder name is fixed (read-only) for this context: not a choice, and a name to start from exists. */
export function holderNameFixed(context: BankFormContext): boolean {
  return context.holder_name_choices.length === 0 && (context.pancard_name ?? context.business_name) !== null;
}

/** The form field the read-only holder name is copied from for an entity (pancard_name when unknown). */
export function holderNameFrom(entityId: number | undefined): string {
  return (entityId === undefined ? undefined : entities[String(entityId)]?.holder_name_from) ?? 'pancard_name';
}

/**
 * The bank form's uiSchema for the chosen entity: its labels and hints from schemas/master/bank-form-entities.json,
 * the holder name read-only unless it is a choice between the context's names (then a select), and `lockedFields`
 * read-only. Pure: the step's uiSchema in, a new one out.
 */
export function bankFormUi(uiSchema: UiSchema, entityId: number | undefined, context: BankFormContext, lockedFields: readonly string[]): UiSchema {
  const result: UiSchema = { ...uiSchema };
  const field = (name: string, extra: UiSchema) => {
    result[name] = { ...((result[name] ?? {}) as UiSchema), ...extra };
  };
  const entity = entityId === undefined ? undefined : entities[String(entityId)];
  for (const [name, label] of Object.entries(entity?.labels ?? {})) field(name, { 'ui:title': label });
  for (const [name, hint] of Object.entries(entity?.hints ?? {})) field(name, { 'ui:help': hint });
  if (context.holder_name_choices.length > 0) field('holder_name', { 'ui:widget': 'select' });
  else if (holderNameFixed(context)) field('holder_name', { 'ui:readonly': true });
  for (const name of lockedFields) field(name, { 'ui:readonly': true });
  return result;
}
