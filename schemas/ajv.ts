import Ajv2019 from 'ajv/dist/2019.js';
import type { Options } from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { allSchemas } from './registry';

/** The one Ajv configuration shared by the browser (rjsf), the server and the fixture runner. */
export const AJV_CONFIG = {
  allErrors: true,
  strict: false,
  verbose: true,
  multipleOfPrecision: 8,
  discriminator: false,
} as const satisfies Options;

/** The Ajv class every validator uses: draft 2019-09, for `unevaluatedProperties` with if/then. */
export const AjvClass = Ajv2019;
export type AjvInstance = InstanceType<typeof Ajv2019>;

/**
 * Adds what every validator needs on top of plain Ajv: formats, ajv-errors (messages are
 * catalogue keys) and the project's custom keywords. Safe to call on rjsf's own instance.
 */
export function extendAjv(ajv: AjvInstance): AjvInstance {
  if (!ajv.formats['date']) addFormats(ajv);
  if (!ajv.getKeyword('errorMessage')) ajvErrors(ajv);
  return ajv;
}

/** A fresh Ajv with every schema of `schemas/` registered under its `$id`. */
export function createAjv(): AjvInstance {
  const ajv = extendAjv(new AjvClass(AJV_CONFIG));
  for (const schema of allSchemas) ajv.addSchema(schema);
  return ajv;
}
