import * as equalModule from 'ajv/dist/runtime/equal.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import * as formatsModule from 'ajv-formats/dist/formats.js';

/**
 * The `default` export of one of Ajv's CommonJS runtime modules (`exports.default = fn` beside `__esModule`).
 * Node's ESM gives the whole `module.exports` as a namespace's `default`, bundlers honouring `__esModule` give
 * `exports.default`: both are accepted here, so the generated validators run alike in Vite and in Node.
 */
function commonJsDefault<T>(namespace: { default: T }): T {
  const value = namespace.default as T | { default: T };
  return value !== null && typeof value === 'object' && 'default' in value ? value.default : (value as T);
}

/**
 * What the standalone validators of `scripts/compile-validators.ts` import instead of Ajv's `require` calls: Ajv's
 * own runtime functions (deep equality for `const`/`enum`/`uniqueItems`, string length in code points) and the
 * ajv-formats formats. Nothing here compiles code.
 */
export const standaloneRuntime = {
  // Ajv types its `equal` as the fast-deep-equal module; the value is the function.
  equal: commonJsDefault(equalModule) as unknown as (a: unknown, b: unknown) => boolean,
  ucs2length: commonJsDefault(ucs2lengthModule),
  fullFormats: formatsModule.fullFormats,
};
