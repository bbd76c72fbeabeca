import { passesIfscKnown } from './ifscKnown';
import { stringCheckKeyword } from './stringCheckKeyword';

/**
 * `"ifscKnown": true` — a well-formed IFSC (11 upper-case letters or digits) must exist in the `ifsc`
 * package's data; other values pass, the format check reports them. Server only: registered by
 * `extendAjv(ajv, { serverChecks: true })` (the server, the fixture runner); the browser's validators are
 * compiled without it, so the keyword is unknown there and `strict: false` ignores it.
 */
export const ifscKnownKeyword = stringCheckKeyword({
  keyword: 'ifscKnown',
  module: new URL('./ifscKnown.ts', import.meta.url),
  exportName: 'passesIfscKnown',
  check: passesIfscKnown,
  blankPasses: false,
});
