import type { Logic } from './types';

/** A rule compiled to a function of its data. */
export type CompiledLogic = (data: unknown) => unknown;

/**
 * A custom json-logic operation: receives its evaluated arguments, with the rule's data as
 * `this`, exactly as json-logic-js `add_operation` calls it.
 */
export type Operation = (this: unknown, ...args: unknown[]) => unknown;

/** json-logic truthiness (jsonlogic.com/truthy): like JavaScript, except that `[]` is false. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value) && value.length === 0) return false;
  return !!value;
}

/** Whether a value is a json-logic operation: an object with exactly one key. */
function isLogic(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1;
}

/** Whether a value holds an operation anywhere inside it (else it evaluates to itself). */
function containsLogic(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsLogic);
  return isLogic(value);
}

type Indexable = Record<string, unknown>;

/** The operations the compiler itself implements (besides the eager ones of `standardOperations`). */
const SPECIAL_FORMS = new Set(['var', 'if', '?:', 'and', 'or', 'filter', 'map', 'all', 'none', 'some', 'reduce']);

/**
 * json-logic takes an object with more than one key as a literal, which is truthy: an operation that carries a
 * `$comment` (or a second operation) beside it would silently always hold. Such an object is refused instead.
 */
function refuseCommentedOperation(logic: unknown, operations: Readonly<Record<string, Operation>>, where: string): void {
  if (typeof logic !== 'object' || logic === null || Array.isArray(logic)) return;
  const keys = Object.keys(logic);
  if (keys.length < 2) return;
  const named = keys.filter((key) => SPECIAL_FORMS.has(key) || key in standardOperations || key in operations);
  if (named.length > 0 && (named.length > 1 || keys.some((key) => key.startsWith('$')))) {
    throw new LogicError(where, `an operation is an object with exactly one key, not ${JSON.stringify(keys)} (a $comment goes beside the rule, not inside it)`);
  }
}

/** The `var` lookup of json-logic-js: a dotted path into the data, `notFound` when any step is missing. */
export function lookup(data: unknown, parts: readonly string[], notFound: unknown): unknown {
  let current = data;
  for (const part of parts) {
    if (current === null || current === undefined) return notFound;
    current = (current as Indexable)[part];
    if (current === undefined) return notFound;
  }
  return current;
}

function varPath(path: unknown): string[] | null {
  if (path === undefined || path === '' || path === null) return null;
  return String(path).split('.');
}

function readVar(data: unknown, path: unknown, fallback: unknown): unknown {
  const parts = varPath(path);
  return parts ? lookup(data, parts, fallback === undefined ? null : fallback) : data;
}

/**
 * The standard eager operations, with json-logic-js 2.0.5 semantics (arguments already evaluated);
 * `bench/engines.ts` lends them to the other engines it compares, so they all mean the same.
 */
export const standardOperations: Readonly<Record<string, Operation>> = {
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  '<': (a, b, c) => (c === undefined ? (a as number) < (b as number) : (a as number) < (b as number) && (b as number) < (c as number)),
  '<=': (a, b, c) =>
    c === undefined ? (a as number) <= (b as number) : (a as number) <= (b as number) && (b as number) <= (c as number),
  '!!': (a) => truthy(a),
  '!': (a) => !truthy(a),
  '%': (a, b) => (a as number) % (b as number),
  in: (a, b) => {
    if (!b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined') return false;
    return (b as { indexOf(value: unknown): number }).indexOf(a) !== -1;
  },
  cat: (...args) => args.join(''),
  substr: (source, start, end) => {
    if ((end as number) < 0) {
      const temp = String(source).substr(start as number);
      return temp.substr(0, temp.length + (end as number));
    }
    return String(source).substr(start as number, end as number);
  },
  '+': (...args) => args.reduce((a: number, b) => a + parseFloat(b as string), 0),
  '*': (...args) => args.reduce((a, b) => parseFloat(a as string) * parseFloat(b as string)),
  '-': (a, b) => (b === undefined ? -(a as number) : (a as number) - (b as number)),
  '/': (a, b) => (a as number) / (b as number),
  min: (...args) => Math.min(...(args as number[])),
  max: (...args) => Math.max(...(args as number[])),
  merge: (...args) => args.reduce((a: unknown[], b) => a.concat(b), []),
  missing: function (this: unknown, ...args) {
    const keys = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    return keys.filter((key) => {
      const value = readVar(this, key, undefined);
      return value === null || value === '';
    });
  },
  missing_some: function (this: unknown, needCount, options) {
    const list = options as unknown[];
    const missing = standardOperations.missing!.call(this, list) as unknown[];
    return list.length - missing.length >= (needCount as number) ? [] : missing;
  },
};

/**
 * Resolves a constant `var` path (without default) to a faster reader, or answers undefined to
 * keep the generic lookup. The reader must return what the generic lookup would.
 */
export type VariableResolver = (parts: readonly string[]) => CompiledLogic | undefined;

/** Thrown when a rule cannot be compiled; `where` names the rule in its configuration file. */
export class LogicError extends Error {
  constructor(
    readonly where: string,
    detail: string,
  ) {
    super(`${where}: ${detail}`);
    this.name = 'LogicError';
  }
}

function constant(value: unknown): CompiledLogic {
  return () => value;
}

/**
 * Compiles a json-logic rule once into a tree of closures, so evaluating it walks no JSON.
 * Results equal `jsonLogic.apply(rule, data)` of json-logic-js 2.0.5 (with the same custom
 * operations registered); an unknown operation fails here, at compile time, naming `where`.
 */
export function compileLogic(
  logic: Logic,
  operations: Readonly<Record<string, Operation>> = {},
  where = 'rule',
  variables?: VariableResolver,
): CompiledLogic {
  return compileNode(logic, operations, where, variables, false);
}

function compileNode(
  logic: unknown,
  operations: Readonly<Record<string, Operation>>,
  where: string,
  variables: VariableResolver | undefined,
  inItem: boolean,
): CompiledLogic {
  if (Array.isArray(logic)) {
    if (!containsLogic(logic)) return constant(logic);
    const items = logic.map((item, index) => compileNode(item, operations, `${where}[${index}]`, variables, inItem));
    return (data) => items.map((item) => item(data));
  }
  if (!isLogic(logic)) {
    refuseCommentedOperation(logic, operations, where);
    return constant(logic);
  }

  const op = Object.keys(logic)[0]!;
  const raw = logic[op];
  const values: unknown[] = Array.isArray(raw) ? raw : [raw];
  const at = `${where}.${op}`;
  const arg = (index: number) => compileNode(values[index], operations, `${at}[${index}]`, variables, inItem);
  // Inside filter/map/reduce/all/none/some the data is the list item: no resolver applies there.
  const itemArg = (index: number) => compileNode(values[index], operations, `${at}[${index}]`, variables, true);

  switch (op) {
    case 'var':
      return compileVar(values, arg, inItem ? undefined : variables);
    case 'if':
    case '?:': {
      const parts = values.map((_, index) => arg(index));
      return (data) => {
        let i = 0;
        for (; i < parts.length - 1; i += 2) {
          if (truthy(parts[i]!(data))) return parts[i + 1]!(data);
        }
        return parts.length === i + 1 ? parts[i]!(data) : null;
      };
    }
    case 'and':
    case 'or': {
      const parts = values.map((_, index) => arg(index));
      const stopWhen = op === 'or';
      return (data) => {
        let current: unknown;
        for (const part of parts) {
          current = part(data);
          if (truthy(current) === stopWhen) return current;
        }
        return current;
      };
    }
    case 'filter':
    case 'map':
    case 'all':
    case 'none':
    case 'some':
      return compileScoped(op, arg(0), itemArg(1));
    case 'reduce': {
      const list = arg(0);
      const step = itemArg(1);
      const initial = values[2] === undefined ? constant(null) : arg(2);
      return (data) => {
        const start = initial(data);
        const items = list(data);
        if (!Array.isArray(items)) return start;
        return items.reduce((accumulator: unknown, current: unknown) => step({ current, accumulator }), start);
      };
    }
    default:
      return compileEager(op, values, arg, operations, at);
  }
}

/** A constant-path `var` without default, unrolled for the common short paths. */
function compilePath(parts: readonly string[]): CompiledLogic {
  const [p0, p1, p2] = parts as [string, string, string];
  const step = (value: unknown, key: string) => (value === null || value === undefined ? undefined : (value as Indexable)[key]);
  switch (parts.length) {
    case 1:
      return (data) => {
        const value = step(data, p0);
        return value === undefined ? null : value;
      };
    case 2:
      return (data) => {
        const value = step(step(data, p0), p1);
        return value === undefined ? null : value;
      };
    case 3:
      return (data) => {
        const value = step(step(step(data, p0), p1), p2);
        return value === undefined ? null : value;
      };
    default:
      return (data) => lookup(data, parts, null);
  }
}

function compileVar(values: unknown[], arg: (index: number) => CompiledLogic, variables: VariableResolver | undefined): CompiledLogic {
  const fallback = values.length > 1 ? arg(1) : constant(null);
  if (!isLogic(values[0]) && !Array.isArray(values[0])) {
    const parts = varPath(values[0]);
    if (!parts) return (data) => data;
    if (values.length < 2) return variables?.(parts) ?? compilePath(parts);
    return (data) => {
      const notFound = fallback(data);
      return lookup(data, parts, notFound === undefined ? null : notFound);
    };
  }
  const path = arg(0);
  return (data) => readVar(data, path(data), fallback(data));
}

function compileScoped(op: string, listOf: CompiledLogic, test: CompiledLogic): CompiledLogic {
  switch (op) {
    case 'filter':
      return (data) => {
        const items = listOf(data);
        return Array.isArray(items) ? items.filter((item) => truthy(test(item))) : [];
      };
    case 'map':
      return (data) => {
        const items = listOf(data);
        return Array.isArray(items) ? items.map((item) => test(item)) : [];
      };
    case 'all':
      return (data) => {
        const items = listOf(data);
        if (!Array.isArray(items) || !items.length) return false;
        return items.every((item) => truthy(test(item)));
      };
    case 'none':
      return (data) => {
        const items = listOf(data);
        if (!Array.isArray(items) || !items.length) return true;
        return !items.some((item) => truthy(test(item)));
      };
    default:
      return (data) => {
        const items = listOf(data);
        if (!Array.isArray(items) || !items.length) return false;
        return items.some((item) => truthy(test(item)));
      };
  }
}

/** Direct closures for the hottest standard operations at their usual arity (same results as `standardOperations`). */
const FAST: Record<string, (args: CompiledLogic[]) => CompiledLogic | undefined> = {
  '==': ([a, b, ...rest]) => (b && !rest.length ? (data) => a!(data) == b(data) : undefined),
  '===': ([a, b, ...rest]) => (b && !rest.length ? (data) => a!(data) === b(data) : undefined),
  '!=': ([a, b, ...rest]) => (b && !rest.length ? (data) => a!(data) != b(data) : undefined),
  '!==': ([a, b, ...rest]) => (b && !rest.length ? (data) => a!(data) !== b(data) : undefined),
  '!': ([a, ...rest]) => (a && !rest.length ? (data) => !truthy(a(data)) : undefined),
  '!!': ([a, ...rest]) => (a && !rest.length ? (data) => truthy(a(data)) : undefined),
  in: ([a, b, ...rest]) => (b && !rest.length ? (data) => standardOperations.in!(a!(data), b(data)) : undefined),
};

function compileEager(
  op: string,
  values: unknown[],
  arg: (index: number) => CompiledLogic,
  operations: Readonly<Record<string, Operation>>,
  at: string,
): CompiledLogic {
  const custom = Object.prototype.hasOwnProperty.call(operations, op);
  if (!custom && Object.prototype.hasOwnProperty.call(FAST, op)) {
    const fast = FAST[op]!(values.map((_, index) => arg(index)));
    if (fast) return fast;
  }
  const fn = custom
    ? operations[op]
    : Object.prototype.hasOwnProperty.call(standardOperations, op)
      ? standardOperations[op]
      : undefined;
  if (!fn) throw new LogicError(at, `unknown operation "${op}"`);
  const args = values.map((_, index) => arg(index));
  const [a, b, c] = args;
  switch (args.length) {
    case 0:
      return (data) => fn.call(data);
    case 1:
      return (data) => fn.call(data, a!(data));
    case 2:
      return (data) => fn.call(data, a!(data), b!(data));
    case 3:
      return (data) => fn.call(data, a!(data), b!(data), c!(data));
    default:
      return (data) => fn.apply(data, args.map((item) => item(data)));
  }
}
