import {
  deepEquals,
  ERRORS_KEY,
  getByPath,
  toPath,
  type ErrorSchema,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidatorType,
} from '@rjsf/utils';
import { transformRJSFValidationErrors } from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { ErrorObject } from 'ajv';
import { withValueAt } from '../rules/withValueAt';

/** What the validator said about one field, and the rjsf errors made of it. */
interface FieldErrorsEntry {
  path: string[];
  said: readonly ErrorObject[];
  errors: RJSFValidationError[];
}

/** A live validation's result, indexed by field for the next one. */
export interface LiveValidation {
  errors: RJSFValidationError[];
  errorSchema: ErrorSchema;
  /** By field (its instance path, see keyOfError). */
  byField: ReadonlyMap<string, FieldErrorsEntry>;
  /** The paths of the fields whose errors differ from those before. */
  changed: readonly string[][];
}

/**
 * Validates `formData` as rjsf's live validation does (the validator's errors, filed under each field as rjsf files
 * them), but turns into rjsf errors only what changed since `previous`, and builds the error schema from the one shown
 * (`shown`: `previous`'s, or a submit's), so every field whose errors are the same keeps its objects and does not
 * re-render. The compiled validator itself takes about half a millisecond for 300 fields with 200 errors; rjsf's
 * processing of every error and the re-render of every field are what a keystroke cannot afford. Returns undefined
 * where rjsf's own pipeline must run: a schema error, or `oneOf`/`anyOf` errors (whose duplicates rjsf filters
 * across fields).
 */
export function validateLive(
  validator: ValidatorType<unknown>,
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  formData: unknown,
  previous: LiveValidation | undefined,
  shown: ErrorSchema,
): LiveValidation | undefined {
  // As rjsf: without the keys whose value is undefined (a cleared field), which Ajv would report as of the wrong type.
  const serialized = JSON.stringify(formData);
  const raw = validator.rawValidation<ErrorObject>(schema, serialized === undefined ? undefined : JSON.parse(serialized));
  if (raw.validationError) return undefined;
  const rawErrors = raw.errors ?? [];
  if (rawErrors.some((error) => error.schemaPath.includes('/anyOf/') || error.schemaPath.includes('/oneOf/'))) return undefined;

  // By field, keyed by its instance path (rjsf spells the same field `.a` or `a` depending on the error; the instance
  // path with a `required` error's missing property spells it one way). Paths are parsed only for new entries.
  const said = new Map<string, ErrorObject[]>();
  for (const error of rawErrors) {
    const key = keyOfError(error);
    const entry = said.get(key);
    if (entry) entry.push(error);
    else said.set(key, [error]);
  }

  const byField = new Map<string, FieldErrorsEntry>();
  const changed = new Map<string, string[]>();
  for (const [key, errors] of said) {
    const before = previous?.byField.get(key);
    if (before && saysTheSame(before.said, errors)) {
      byField.set(key, before);
      continue;
    }
    const path = before?.path ?? toPath(fieldOf(errors[0]!));
    const entry = { path, said: errors, errors: transformRJSFValidationErrors(errors, uiSchema, undefined, schema) };
    byField.set(key, entry);
    if (previous || !deepEquals(getByPath(shown, [...path, ERRORS_KEY]), messagesOf(entry.errors))) changed.set(key, path);
  }
  if (previous) {
    for (const [key, entry] of previous.byField) if (!byField.has(key)) changed.set(key, entry.path);
    // Nothing changed (the usual keystroke in a field whose error stays): the previous result serves again.
    if (changed.size === 0 && byField.size === previous.byField.size) return { ...previous, changed: [] };
  } else {
    for (const path of pathsWithErrors(shown)) {
      const key = keyOfPath(path);
      if (!byField.has(key)) changed.set(key, path);
    }
  }

  let errorSchema = shown;
  for (const [key, path] of changed) errorSchema = withMessagesAt(errorSchema, path, messagesOf(byField.get(key)?.errors ?? []));
  return { errors: [...byField.values()].flatMap((entry) => entry.errors), errorSchema, byField, changed: [...changed.values()] };
}

/**
 * The live validation after an edit of the one field at `path`, from `previous` (the whole form's, or an earlier
 * edit's) and `errors`, what the field's own validator said (`PrecompiledStepValidator.validateField`): only that
 * field's entry and errors change, so a keystroke costs one field's check whatever the size of the form. Undefined if
 * an error is about another field: the whole form must be validated then.
 */
export function validateFieldLive(
  previous: LiveValidation,
  path: readonly string[],
  errors: readonly ErrorObject[],
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
): LiveValidation | undefined {
  const key = keyOfPath(path);
  if (errors.some((error) => keyOfError(error) !== key)) return undefined;
  const before = previous.byField.get(key);
  if (errors.length === 0 ? !before : before && saysTheSame(before.said, errors)) return { ...previous, changed: [] };
  const byField = new Map(previous.byField);
  let messages: string[] = [];
  if (errors.length === 0) byField.delete(key);
  else {
    const entry = { path: before?.path ?? [...path], said: errors, errors: transformRJSFValidationErrors([...errors], uiSchema, undefined, schema) };
    byField.set(key, entry);
    messages = messagesOf(entry.errors);
  }
  const fieldPath = before?.path ?? [...path];
  return {
    errors: [...byField.values()].flatMap((entry) => entry.errors),
    errorSchema: withMessagesAt(previous.errorSchema, fieldPath, messages),
    byField,
    changed: [fieldPath],
  };
}

/** The key of the field an Ajv error is about: its instance path, plus the missing property of a `required` error. */
function keyOfError(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string };
  return 'missingProperty' in params ? `${error.instancePath}/${params.missingProperty}` : error.instancePath;
}

/** The key of the field at `path` (the instance path {@link keyOfError} gives its errors). */
function keyOfPath(path: readonly string[]): string {
  return path.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function saysTheSame(before: readonly ErrorObject[], now: readonly ErrorObject[]): boolean {
  return (
    before.length === now.length &&
    before.every((error, index) => {
      const other = now[index]!;
      return error.keyword === other.keyword && error.schemaPath === other.schemaPath && error.message === other.message;
    })
  );
}

/** The messages rjsf files under a field: each once (as its ErrorSchemaBuilder), none empty. */
function messagesOf(errors: readonly RJSFValidationError[]): string[] {
  return [...new Set(errors.map((error) => error.message).filter((message): message is string => !!message))];
}

/** rjsf's property of an Ajv error: its instance path in dots, plus the missing property of a `required` error. */
function fieldOf(error: ErrorObject): string {
  const property = error.instancePath.replace(/\//g, '.');
  const params = error.params as { missingProperty?: string };
  return 'missingProperty' in params ? (property ? `${property}.${params.missingProperty}` : `${params.missingProperty}`) : property;
}

/** The path of every field with errors in `errorSchema` ([] for the root). */
function pathsWithErrors(errorSchema: ErrorSchema, prefix: string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, node] of Object.entries(errorSchema as Record<string, unknown>)) {
    if (key === ERRORS_KEY) {
      if (Array.isArray(node) && node.length > 0) paths.push(prefix);
    } else if (node && typeof node === 'object') paths.push(...pathsWithErrors(node as ErrorSchema, [...prefix, key]));
  }
  return paths;
}

/** `errorSchema` with `messages` as the own errors at `path` (none: the errors removed, and objects left empty). */
function withMessagesAt(errorSchema: ErrorSchema, path: (string | number)[], messages: string[]): ErrorSchema {
  const current = getByPath(errorSchema, [...path, ERRORS_KEY]);
  if (messages.length > 0) return deepEquals(current, messages) ? errorSchema : (withValueAt(errorSchema, [...path, ERRORS_KEY], messages) as ErrorSchema);
  return current === undefined ? errorSchema : (withoutOwnErrors(errorSchema, path) ?? {});
}

function withoutOwnErrors(node: ErrorSchema | undefined, path: (string | number)[]): ErrorSchema | undefined {
  if (!node) return node;
  const record = node as Record<string | number, unknown>;
  if (path.length === 0) {
    if (!(ERRORS_KEY in record)) return node;
    const { [ERRORS_KEY]: _own, ...rest } = record;
    return (Object.keys(rest).length > 0 ? rest : undefined) as ErrorSchema | undefined;
  }
  const [segment, ...rest] = path as [string | number, ...(string | number)[]];
  const child = record[segment] as ErrorSchema | undefined;
  const cleared = withoutOwnErrors(child, rest);
  if (cleared === child) return node;
  const { [segment]: _child, ...others } = record;
  const result = cleared === undefined ? others : { ...others, [segment]: cleared };
  return (Object.keys(result).length > 0 ? result : undefined) as ErrorSchema | undefined;
}
