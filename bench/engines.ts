/**
 * The json-logic engines `npm run bench` compares with ours on the shipped rules, each as a
 * `LogicCompiler` for `compileRules`, so every engine runs the same rules through the same
 * `rules/evaluate.ts`. Only modes that work under the app's CSP (no `eval`, no `new Function`)
 * are compared: the rules also run in the browser.
 */
import { readFileSync } from 'node:fs';
import jsonLogic from 'json-logic-js';
import { defaultMethods, LogicEngine } from 'json-logic-engine';
import { lookup, standardOperations, truthy, type Operation } from '../rules/compileLogic';
import { closureCompiler, type LogicCompiler } from '../rules/compileRules';
import { operations, registerOperations } from '../rules/operations';
import type { Logic } from '../rules/types';

/** One engine of the comparison: what it is, and how it turns a rule into a function. */
export interface Engine {
  name: string;
  compiler: LogicCompiler;
}

function versionOf(name: string): string {
  const manifest = new URL(`../node_modules/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** json-logic-js, the reference the design names: `jsonLogic.apply` walks the rule on every call. */
export function jsonLogicJsCompiler(): LogicCompiler {
  registerOperations(jsonLogic);
  return (logic) => (data) => jsonLogic.apply(logic as never, data);
}

/** json-logic-js's form of every operation's arguments: a list, `{"!": x}` being `{"!": [x]}`. */
function withArgumentLists(logic: unknown): unknown {
  if (Array.isArray(logic)) return logic.map(withArgumentLists);
  if (typeof logic !== 'object' || logic === null || Object.keys(logic).length !== 1) return logic;
  const [op, raw] = Object.entries(logic)[0]!;
  return { [op]: (Array.isArray(raw) ? raw : [raw]).map(withArgumentLists) };
}

type EngineMethod = (args: unknown[], data: unknown) => unknown;

const eager = (operation: Operation): EngineMethod => (args, data) => operation.apply(data, args);

const splitPaths = new Map<string, readonly string[]>();

/** json-logic-js's `var` exactly: null (or the default) as soon as a step of the path is null or absent. */
const exactVar: EngineMethod = ([path, fallback], data) => {
  if (path === undefined || path === null || path === '') return data;
  const key = String(path);
  let parts = splitPaths.get(key);
  if (!parts) splitPaths.set(key, (parts = key.split('.')));
  return lookup(data, parts, fallback === undefined ? null : fallback);
};

/**
 * json-logic-engine's interpreted mode (`LogicEngine.run`: it builds closures once per rule and
 * caches them by rule object; its compiled mode, `build`, generates code for `eval`, which the
 * CSP refuses). Its own operations do not all mean what json-logic-js's do: `==` and `!=`
 * compare numerically and throw NaN for an object (the shipped `{"!=": [bank_detail, null]}`
 * throws), `{}` is falsy, a unary `!` of a list reads its first item. So it keeps its control
 * flow (`if`, `and`, `or`, `some`, `all`, `none`, `filter`, `map`, `reduce`), `===` and `!==`,
 * takes json-logic-js truthiness and our operations for everything else, and gets every rule
 * with argument lists. `exactVar` replaces its `var`, whose fast path for two- and three-step
 * paths returns a falsy step (`""`, `0`) where json-logic-js gives null; without it, its own.
 */
export function jsonLogicEngineCompiler(exact: boolean): LogicCompiler {
  const stock = defaultMethods as Record<string, unknown>; // its typings omit '?:', an alias of 'if'
  const methods: Record<string, unknown> = {};
  for (const name of ['if', '?:', 'and', 'or', 'some', 'all', 'none', 'filter', 'map', 'reduce', '===', '!==', 'var']) {
    if (!stock[name]) throw new Error(`json-logic-engine has no "${name}" any more`);
    methods[name] = stock[name];
  }
  for (const [name, operation] of Object.entries({ ...standardOperations, ...operations })) {
    if (!(name in methods)) methods[name] = eager(operation);
  }
  if (exact) methods.var = exactVar;
  // permissive: an object whose first key is no operation is data, as in json-logic-js.
  const engine = new LogicEngine(methods, { permissive: true });
  engine.truthy = truthy;
  return (logic: Logic) => {
    const rule = withArgumentLists(logic);
    return (data) => engine.run(rule, data as object);
  };
}

/** The engines of the comparison, ours first. */
export function engines(): Engine[] {
  const engineVersion = versionOf('json-logic-engine');
  return [
    { name: 'ours (rules/compileLogic.ts, closures)', compiler: closureCompiler },
    { name: `json-logic-engine ${engineVersion}, interpreted, its var`, compiler: jsonLogicEngineCompiler(false) },
    { name: `json-logic-engine ${engineVersion}, interpreted, exact var`, compiler: jsonLogicEngineCompiler(true) },
    { name: `json-logic-js ${versionOf('json-logic-js')}`, compiler: jsonLogicJsCompiler() },
  ];
}
