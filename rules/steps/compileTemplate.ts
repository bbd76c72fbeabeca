import { compileLogic, type CompiledLogic, type Operation } from '../compileLogic';

/** The operations of json-logic itself (jsonlogic.com/operations.html). */
const JSON_LOGIC_OPERATIONS = new Set([
  'var', 'missing', 'missing_some', 'if', '?:', '==', '===', '!=', '!==', '!', '!!', 'or', 'and', '>', '>=', '<', '<=',
  'max', 'min', '+', '-', '*', '/', '%', 'in', 'cat', 'substr', 'log', 'filter', 'map', 'reduce', 'all', 'none', 'some', 'merge',
]);

/**
 * Compiles a JSON template whose values may be json-logic: an object with one key that names an
 * operation is an expression; any other object or list is built key by key; other values are
 * themselves. How a definition writes a request body or a patch (`{"bank_detail": {"var": "data"}}`).
 */
export function compileTemplate(template: unknown, operations: Readonly<Record<string, Operation>>, where: string): CompiledLogic {
  if (Array.isArray(template)) {
    const items = template.map((item, index) => compileTemplate(item, operations, `${where}[${index}]`));
    return (env) => items.map((item) => item(env));
  }
  if (typeof template === 'object' && template !== null) {
    const keys = Object.keys(template);
    if (keys.length === 1 && (JSON_LOGIC_OPERATIONS.has(keys[0]!) || keys[0]! in operations)) return compileLogic(template as never, operations, where);
    const entries = keys.map((key) => [key, compileTemplate((template as Record<string, unknown>)[key], operations, `${where}.${key}`)] as const);
    return (env) => Object.fromEntries(entries.map(([key, value]) => [key, value(env)]));
  }
  return () => template;
}
