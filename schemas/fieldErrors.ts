import type { ErrorObject } from 'ajv';
import keywordMessages from './messages/keywords.json';
import { message, type Catalogue } from './messages';
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
  const params = originalError(error).params as Record<string, string | number>;
  return message(keyOf(error), params, catalogue);
}

/** Ajv errors as the API's 422 body: `{ field: [message, ...] }`, messages deduplicated. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, catalogue?: Catalogue): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors ?? []) {
    if (!isReportable(error)) continue;
    const field = fieldOf(error) || 'base';
    const text = textOf(error, catalogue);
    const list = (result[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return result;
}
