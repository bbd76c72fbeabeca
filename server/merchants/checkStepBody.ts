import type { CompiledDefinition, HeldFieldError } from '../../rules/steps/compileDefinition';
import type { AjvInstance } from '../../schemas/ajv';
import { emptyFieldErrors, toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import type { FieldErrors } from '../../schemas/types';
import { validationError } from '../errors';

/** Held-field refusals as a 422 body's field errors, in the catalogue's words. */
function fieldErrorsOf(held: readonly HeldFieldError[]): FieldErrors {
  const errors = emptyFieldErrors();
  for (const { field, messageKey } of held) (errors[field] ??= []).push(message(messageKey));
  return errors;
}

/**
 * A step's body checked by its definition, as the browser's form checks it: normalised as the form normalises what
 * is typed (`ui:normalize`), then the step schema with `$context`
 * projected from the stored record (never the client's), then every field the rules derive or make read-only held
 * to its value. Answers the normalised fields without `$context` (a clearable field sent as null stays null: clear
 * it), or throws the 422 with every field's error. `Body` is the step's body type generated from the same schema
 * (schemas/generated/stepBodies.ts, clearable fields nullable), which the answer matches once the schema accepted it.
 */
export function checkStepBody<Body extends object = Record<string, unknown>>(
  ajv: AjvInstance,
  step: CompiledDefinition,
  record: Record<string, unknown>,
  sent: Record<string, unknown>,
): Body {
  const { $context: _ignored, ...rest } = sent;
  // A clearable field sent as null clears the stored value (the definition's submit.clearable); the rest is checked.
  const clearable = new Set(step.definition.submit?.clearable ?? []);
  const cleared = Object.keys(rest).filter((field) => clearable.has(field) && rest[field] === null);
  for (const field of cleared) delete rest[field];
  const fields = step.normalize(rest);
  const validate = ajv.getSchema(step.definition.schema);
  if (!validate) throw new Error(`No schema ${step.definition.schema} for step ${step.definition.id}`);
  const context = step.definition.context === undefined ? {} : { $context: step.contextOf(record) };
  if (!validate({ ...fields, ...context })) throw validationError(toFieldErrors(validate.errors));
  const held = step.heldFieldErrors(fields, record);
  if (held.length > 0) throw validationError(fieldErrorsOf(held));
  return { ...fields, ...Object.fromEntries(cleared.map((field) => [field, null])) } as Body;
}
