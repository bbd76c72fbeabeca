import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { validationError } from '../errors';

/** NUL, or a UTF-16 surrogate without its other half: text PostgreSQL cannot store (jsonb or text). */
// eslint-disable-next-line no-control-regex -- NUL is the character this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/**
 * How many levels of arrays and objects a body may nest. The deepest body the API takes (a requirement version's
 * json-logic `when`, a fixture's merchant record) is a few dozen levels at most; a few thousand exhaust the stack of
 * what walks a body recursively (Ajv, the rule compiler, JSON.stringify), so deeper ones are refused before those run.
 */
export const MAX_NESTING = 64;

/** Whether PostgreSQL can store `text` (no NUL, no lone surrogate): what a route checks in a free-text path parameter. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** A key as it can be shown in an error's field path: its unstorable characters replaced by U+FFFD. */
const printable = (key: string) => key.replace(UNSTORABLE_ALL, '\ufffd');
const pathOf = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** The fields of a value that cannot be taken as they are, by what is wrong with them (dotted paths; '' for the value itself). */
export interface UnsafeFields {
  /** Strings (values or keys) holding NUL or a lone surrogate. */
  characters: string[];
  /** Numbers JSON wrote beyond what a double holds (`1e309` reads as Infinity). */
  numbers: string[];
  /** The top-level fields holding arrays or objects nested deeper than {@link MAX_NESTING} ('' for an array or the value itself). */
  nesting: string[];
}

/**
 * What in `value` cannot be taken as it is: strings holding NUL or a lone surrogate, in a value or in a key
 * (`bank_detail.holder_name`, `ultimate_beneficiaries.0.name`); numbers that are not finite; nesting deeper than
 * {@link MAX_NESTING}. Walks with its own stack and stops going down at the limit, so any nesting the JSON parser
 * accepted is checked without recursion.
 */
export function unsafeFields(value: unknown): UnsafeFields {
  const found: UnsafeFields = { characters: [], numbers: [], nesting: [] };
  const pending: Array<{ path: string; value: unknown; depth: number; top: string }> = [{ path: '', value, depth: 0, top: '' }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    if (typeof item.value === 'string') {
      if (UNSTORABLE.test(item.value)) found.characters.push(item.path);
    } else if (typeof item.value === 'number') {
      if (!Number.isFinite(item.value)) found.numbers.push(item.path);
    } else if (item.value && typeof item.value === 'object') {
      if (item.depth === MAX_NESTING) {
        if (!found.nesting.includes(item.top)) found.nesting.push(item.top);
        continue;
      }
      for (const [key, child] of Object.entries(item.value)) {
        const path = pathOf(item.path, printable(key));
        if (UNSTORABLE.test(key)) found.characters.push(path);
        else pending.push({ path, value: child, depth: item.depth + 1, top: item.depth === 0 && !Array.isArray(item.value) ? path : item.top });
      }
    }
  }
  return found;
}

/**
 * A pre-validation hook for the whole API, before a schema, a route or the database sees a body or query string:
 * a string holding NUL or a lone surrogate (nested, or a key) is refused with 422 and `validation.invalidCharacters`
 * on each such field; a number beyond a double's range with `validation.numberOutOfRange`; arrays and objects nested
 * deeper than {@link MAX_NESTING} with `validation.tooDeep` on the top-level field holding them ('base' for the body
 * itself). Path parameters are ids, read strictly where they are used (parseIds.ts).
 */
export async function refuseUnsafeStrings(request: FastifyRequest): Promise<void> {
  const body = unsafeFields(request.body);
  const query = unsafeFields(request.query);
  const texts: Array<[string[], string]> = [
    [[...body.characters, ...query.characters], message('validation.invalidCharacters')],
    [[...body.numbers, ...query.numbers], message('validation.numberOutOfRange')],
    [[...body.nesting, ...query.nesting], message('validation.tooDeep', { levels: MAX_NESTING })],
  ];
  if (texts.every(([fields]) => fields.length === 0)) return;
  const errors = emptyFieldErrors();
  for (const [fields, text] of texts) for (const field of fields) (errors[field || 'base'] ??= []).push(text);
  throw validationError(errors);
}
