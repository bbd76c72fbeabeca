import type { KeywordDefinition } from 'ajv';

/** The part of the `ifsc` package (Razorpay's offline IFSC data) this check uses. */
interface IfscPackage {
  validate(code: string): boolean;
}

let ifscPackage: IfscPackage | undefined;

/**
 * Loads the `ifsc` package on first use with Node's own `require`, looked up at run time so that no
 * bundler follows it: the package carries about 1 MB of branch data and Node-only dependencies that
 * must stay out of the browser bundle, which imports this file (through `schemas/ajv.ts`) but never runs it.
 */
function loadIfscPackage(): IfscPackage {
  if (!ifscPackage) {
    const { createRequire } = process.getBuiltinModule('node:module');
    ifscPackage = createRequire(import.meta.url)('ifsc') as IfscPackage;
  }
  return ifscPackage;
}

/** Whether an IFSC names a bank branch in the `ifsc` package's data. Server only (Node). */
export function isKnownIfsc(code: string): boolean {
  return loadIfscPackage().validate(code);
}

/**
 * `"ifscKnown": true` — a well-formed IFSC (11 upper-case letters or digits) must exist in the `ifsc`
 * package's data; other values pass, the format check reports them. Registered only on the server and by
 * the fixture runner (`extendAjv(ajv, { serverChecks: true })`, done by `createAjv`); the browser leaves
 * the keyword unknown, which `strict: false` ignores.
 */
export const ifscKnownKeyword: KeywordDefinition = {
  keyword: 'ifscKnown',
  type: 'string',
  schemaType: 'boolean',
  errors: false,
  validate: (enabled: boolean, data: string) => !enabled || !/^[A-Z0-9]{11}$/.test(data) || isKnownIfsc(data),
};
