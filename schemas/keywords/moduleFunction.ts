import { _, type KeywordCxt, type Name } from 'ajv';

/**
 * An exported function of a project module as a value the keyword's generated code calls. A validator compiled at
 * run time calls `fn` itself; standalone code (`code: { source: true }`) reads it as `require("<file URL>")["<name>"]`,
 * which `scripts/compile-validators.ts` turns into an import of that module. So a keyword's logic stays plain
 * TypeScript, shared by both, and no function source is copied into generated code.
 */
export function moduleFunction(cxt: KeywordCxt, module: URL, name: string, fn: (...args: never[]) => boolean): Name {
  return cxt.gen.scopeValue('func', { ref: fn, code: _`require(${module.href})[${name}]` });
}
