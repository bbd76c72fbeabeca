import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { FieldErrors } from '../schemas/types';

/**
 * The API's 422 `{ field: [message] }` (dotted paths, `base` for the whole record) as the rjsf `extraErrors` that
 * show each message under its field; `base` messages go to the form itself.
 */
export function serverErrorSchema(errors: FieldErrors): ErrorSchema | undefined {
  const entries = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return undefined;
  const builder = new ErrorSchemaBuilder();
  for (const [field, messages] of entries) builder.addErrors(messages, field === 'base' ? undefined : field);
  return builder.ErrorSchema;
}

/** `errors` without those of the fields whose value differs between `previous` and `next` (the merchant edited them). */
export function withoutEditedFields(errors: FieldErrors, previous: unknown, next: unknown): FieldErrors {
  const kept = Object.entries(errors).filter(
    ([field]) => field === 'base' || JSON.stringify(valueAt(previous, field)) === JSON.stringify(valueAt(next, field)),
  );
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

function valueAt(data: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}
