import type { Operation } from './compileLogic';

type Indexable = Record<string, unknown>;

function isObject(value: unknown): value is Indexable {
  return typeof value === 'object' && value !== null;
}

/**
 * `{"findBy": [list, key, value]}`: the first item of `list` whose `key` equals `value`
 * (strictly), or is a list holding it, else null. Reads one entry of a keyed list, e.g. the
 * Agreement entry of `merchant_statuses`, or the row of a master table that lists an entity
 * (the signatory title whose `entities` hold the merchant's).
 */
export function findBy(list: unknown, key: unknown, value: unknown): unknown {
  if (!Array.isArray(list) || value === undefined) return null;
  const holds = (held: unknown) => held === value || (Array.isArray(held) && held.includes(value));
  const found = list.find((item) => isObject(item) && holds(item[String(key)]));
  return found === undefined ? null : found;
}

/**
 * `{"get": [object, key, fallback]}`: the own property `key` of a computed value, else
 * `fallback` (null when not given). `var` reads only the rule's data; `get` reads what an
 * operation returned, and looks up label tables by a status value (keys may hold spaces).
 */
export function get(object: unknown, key: unknown, fallback: unknown = null): unknown {
  if (!isObject(object) || key === null || key === undefined) return fallback;
  const name = String(key);
  if (!Object.prototype.hasOwnProperty.call(object, name)) return fallback;
  const value = object[name];
  return value === undefined ? fallback : value;
}

/** The custom operations every rule file may use, by operation name. */
export const operations: Readonly<Record<string, Operation>> = {
  findBy: (list, key, value) => findBy(list, key, value),
  get: (object, key, fallback) => get(object, key, fallback === undefined ? null : fallback),
};

/** Registers the custom operations with a json-logic-js instance, so plain `jsonLogic.apply` agrees. */
export function registerOperations(jsonLogic: { add_operation(name: string, code: (...args: never[]) => unknown): void }): void {
  for (const [name, code] of Object.entries(operations)) jsonLogic.add_operation(name, code);
}
