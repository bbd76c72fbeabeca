import type { ErrorObject } from 'ajv';
import keywordMessages from './messages/keywords.json';
import { message, type Catalogue } from './messages';
import { loadStepFormTexts } from './stepFormTexts';
import type { FieldErrors } from './types';

/** Keywords whose failure only repeats a more precise error about the same data (if/then). */
const SUMMARY_KEYWORDS = new Set(['if', 'anyOf', 'oneOf']);

/** Whether an Ajv error is worth showing: not an if/anyOf/oneOf summary of other errors. */
export function isReportable(error: ErrorObject): boolean {
  return !SUMMARY_KEYWORDS.has(error.keyword);
}

/** The dotted field path an Ajv error is about (`bank_detail.ifsc_code`), '' for the whole object. */
export function fieldOf(error: ErrorObject): string {
  const original = originalError(error);
  const path = original.instancePath.split('/').filter(Boolean).join('.');
  const params = original.params as { missingProperty?: string; unevaluatedProperty?: string; additionalProperty?: string };
  const child = params.missingProperty ?? params.unevaluatedProperty ?? params.additionalProperty;
  return child ? (path ? `${path}.${child}` : child) : path;
}

/** For an ajv-errors error, the first error it replaced; otherwise the error itself. */
function originalError(error: ErrorObject): ErrorObject {
  if (error.keyword !== 'errorMessage') return error;
  const replaced = (error.params as { errors?: ErrorObject[] }).errors;
  return replaced?.[0] ?? error;
}

/** The catalogue key of an Ajv error: the schema's errorMessage, else the keyword's default key. */
export function keyOf(error: ErrorObject): string {
  if (error.keyword === 'errorMessage') return error.message ?? 'validation.unexpected';
  return (keywordMessages as Record<string, string>)[error.keyword] ?? 'validation.unexpected';
}

/** The catalogue text of an Ajv error, `{limit}`-style placeholders filled from its params. */
export function textOf(error: ErrorObject, catalogue?: Catalogue): string {
  // The validation messages are the forms' texts.
  loadStepFormTexts();
  const params = originalError(error).params as Record<string, string | number>;
  return message(keyOf(error), params, catalogue);
}

/** Keywords that only say a property was not expected; a property already in error is expected. */
const UNEXPECTED_KEYWORDS = new Set(['unevaluatedProperties', 'additionalProperties']);

/**
 * The errors worth showing: no if/anyOf/oneOf summaries, and no "not expected" error for a
 * property that has a real error (a failed `then` leaves its properties unevaluated).
 */
export function reportableErrors<E extends ErrorObject>(errors: readonly E[] | null | undefined): E[] {
  const alternativesWithMessage = (errors ?? []).filter(
    (error) => error.keyword === 'errorMessage' && SUMMARY_KEYWORDS.has(originalError(error).keyword),
  );
  // A value whose alternatives (anyOf/oneOf) carry one message is reported by that message alone.
  const summarised = new Set(alternativesWithMessage.map((error) => error.instancePath));
  const shown = (errors ?? []).filter(
    (error) => alternativesWithMessage.includes(error) || (isReportable(error) && !summarised.has(error.instancePath)),
  );
  const inError = new Set(shown.filter((error) => !UNEXPECTED_KEYWORDS.has(originalError(error).keyword)).map(fieldOf));
  return shown.filter((error) => !UNEXPECTED_KEYWORDS.has(originalError(error).keyword) || !inError.has(fieldOf(error)));
}

/**
 * An empty error map with no prototype, so a field named after an Object member (`constructor`, `toString`,
 * `__proto__`) is an ordinary key. JSON.stringify writes it like any object.
 */
export function emptyFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

/** Ajv errors as the API's 422 body: `{ field: [message, ...] }`, messages deduplicated. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, catalogue?: Catalogue): FieldErrors {
  const result = emptyFieldErrors();
  for (const error of reportableErrors(errors)) {
    const field = fieldOf(error) || 'base';
    const text = textOf(error, catalogue);
    const list = (result[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return result;
}
