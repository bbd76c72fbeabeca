import type { Operation } from '../compileLogic';
import { isRecord } from '../isRecord';
import { operations } from '../operations';

type Indexable = Record<string, unknown>;

/** `{"options": [list, valueKey, labelKey]}`: a list of records as select choices `[{value, label}]`; a list of texts is its own choices. */
export function options(list: unknown, valueKey: unknown, labelKey: unknown): Array<{ value: unknown; label: unknown }> {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (typeof item === 'string' || typeof item === 'number') return [{ value: item, label: item }];
    return isRecord(item) ? [{ value: item[String(valueKey)], label: item[String(labelKey)] }] : [];
  });
}

/** `{"whereIn": [list, key, values]}`: the records whose `key` is one of `values` (all of them when `values` is not a list). */
export function whereIn(list: unknown, key: unknown, values: unknown): unknown[] {
  if (!Array.isArray(list)) return [];
  if (!Array.isArray(values)) return list;
  return list.filter((item) => isRecord(item) && values.includes(item[String(key)]));
}

/**
 * A uiSchema patch setting one ui option on several fields: `{"uiPatch": [{field: value}, uiKey]}` gives each field
 * its own value (labels, hints per entity), `{"uiPatch": [[field, ...], uiKey, value]}` the same value (read-only
 * entity fields). Anything else is no patch.
 */
export function uiPatch(fields: unknown, uiKey: unknown, value?: unknown): Indexable {
  const entries = Array.isArray(fields) ? fields.map((field) => [String(field), value] as const) : isRecord(fields) ? Object.entries(fields) : [];
  return Object.fromEntries(entries.map(([field, fieldValue]) => [field, { [String(uiKey)]: fieldValue }]));
}

/** `{"matches": [object, pattern]}`: whether every key of `pattern` has the same value in `object`. */
export function matches(object: unknown, pattern: unknown): boolean {
  if (!isRecord(object) || !isRecord(pattern)) return false;
  return Object.entries(pattern).every(([key, value]) => object[key] === value);
}

/** `{"text": [value]}`: a non-empty string, else null (stored records use null and '' alike for "none"). */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `{"without": [object, key, ...]}`: the object without the given keys (a body without `$context`). */
export function without(object: unknown, ...keys: unknown[]): Indexable {
  if (!isRecord(object)) return {};
  const dropped = new Set(keys.map(String));
  return Object.fromEntries(Object.entries(object).filter(([key]) => !dropped.has(key)));
}

/** `{"test": [value, pattern]}`: whether a string matches a regular expression (a pincode before its lookup). */
export function test(value: unknown, pattern: unknown): boolean {
  return typeof value === 'string' && new RegExp(String(pattern)).test(value);
}

/** `{"upper": [value]}`: a string in capitals (else the value). */
export function upper(value: unknown): unknown {
  return typeof value === 'string' ? value.toUpperCase() : value;
}

/** `{"join": [list, separator]}`: the items of a list as one text (a list of names). */
export function join(list: unknown, separator: unknown): string {
  return Array.isArray(list) ? list.map(String).join(String(separator ?? ', ')) : '';
}

/** `{"assign": [object, ...]}`: the objects' keys in one object, later ones winning (non-objects are skipped). */
export function assign(...objects: unknown[]): Indexable {
  return Object.assign({}, ...objects.filter(isRecord));
}

/** `{"pick": [object, key, ...]}`: the object with only the given keys that hold a value (`{}` when none does: an id only for a saved item), or null when it is not an object. */
export function pick(object: unknown, ...keys: unknown[]): Indexable | null {
  if (!isRecord(object)) return null;
  return Object.fromEntries(keys.map(String).flatMap((key) => (object[key] === null || object[key] === undefined ? [] : [[key, object[key]]])));
}

/** `{"equal": [a, b]}`: whether two values are equal in content (objects and lists too; `==` compares them by identity). */
export function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The operations a step definition's expressions may use: the rules' own plus the ones above. */
export const definitionOperations: Readonly<Record<string, Operation>> = {
  ...operations,
  options: (list, valueKey, labelKey) => options(list, valueKey, labelKey),
  whereIn: (list, key, values) => whereIn(list, key, values),
  uiPatch: (fields, uiKey, value) => uiPatch(fields, uiKey, value),
  matches: (object, pattern) => matches(object, pattern),
  text: (value) => text(value),
  without: (object, ...keys) => without(object, ...keys),
  test: (value, pattern) => test(value, pattern),
  upper: (value) => upper(value),
  join: (list, separator) => join(list, separator),
  assign: (...objects) => assign(...objects),
  pick: (object, ...keys) => pick(object, ...keys),
  equal: (a, b) => equal(a, b),
};
