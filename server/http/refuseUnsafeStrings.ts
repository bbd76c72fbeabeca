import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { validationError } from '../errors';

/** NUL, or a UTF-16 surrogate without its other half: text PostgreSQL cannot store (jsonb or text). */
// eslint-disable-next-line no-control-regex -- NUL is the character this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** A key as it can be shown in an error's field path: its unstorable characters replaced by U+FFFD. */
const printable = (key: string) => key.replace(UNSTORABLE_ALL, '\ufffd');
const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/**
 * The dotted paths (`bank_detail.holder_name`, `ultimate_beneficiaries.0.name`) of every string in `value` that
 * holds NUL or a lone surrogate, in a value or in a key; '' for `value` itself. Walks with its own stack, so any
 * nesting the JSON parser accepted is checked without recursion.
 */
export function unstorableStringPaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ path: string; value: unknown }> = [{ path: '', value }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (UNSTORABLE.test(item.value)) found.push(item.path);
    } else if (item.value && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const path = pathOf(item.path, printable(key));
        if (UNSTORABLE.test(key)) found.push(path);
        else pending.push({ path, value: child });
      }
    }
  }
  return found;
}

/**
 * A pre-validation hook for the whole API: a body or query string holding NUL or a lone surrogate in any string
 * (nested, or a key) is refused with 422 and `validation.invalidCharacters` on each such field, before a schema,
 * a route or the database sees it. Path parameters are ids, read strictly where they are used (parseIds.ts).
 */
export async function refuseUnsafeStrings(request: FastifyRequest): Promise<void> {
  const fields = [...unstorableStringPaths(request.body), ...unstorableStringPaths(request.query)];
  if (fields.length === 0) return;
  const errors = emptyFieldErrors();
  for (const field of fields) errors[field || 'base'] = [message('validation.invalidCharacters')];
  throw validationError(errors);
}
