import { createAjv, type AjvInstance } from '../../../schemas/ajv';
import { toFieldErrors } from '../../../schemas/fieldErrors';
import type { FieldErrors } from '../../../schemas/types';

let ajv: AjvInstance | undefined;

/**
 * Validates a step's data again with `$context` set from the stored merchant record (the PAN a GSTIN must match,
 * whether beneficial owners are needed): what a step schema can only check once the record is known.
 * Whatever `$context` the caller sent is replaced. Returns the 422 errors, or null when valid.
 */
export function contextErrors(schemaId: string, data: Record<string, unknown>, context: Record<string, unknown>): FieldErrors | null {
  ajv ??= createAjv();
  const validate = ajv.getSchema(schemaId);
  if (!validate) throw new Error(`No schema ${schemaId}`);
  if (validate({ ...data, $context: context })) return null;
  return toFieldErrors(validate.errors);
}
