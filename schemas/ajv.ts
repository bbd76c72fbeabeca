import Ajv2019 from 'ajv/dist/2019.js';
import type { Options, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { allSchemas } from './registry';
import { verhoeffKeyword } from './keywords/verhoeffKeyword';
import { gstinChecksumKeyword } from './keywords/gstinChecksumKeyword';
import { gstinMatchesPanKeyword } from './keywords/gstinMatchesPanKeyword';
import { ifscKnownKeyword } from './keywords/ifscKnownKeyword';
import { journeyStepKeyword } from './keywords/journeyStepKeyword';
import { areaCodeKnownKeyword } from './keywords/areaCodeKnownKeyword';
import { subCategoryOfKeyword } from './keywords/subCategoryOfKeyword';
import { itemsSumAtMostKeyword } from './keywords/itemsSumAtMostKeyword';

/**
 * The one Ajv configuration shared by the browser's precompiled validators (`scripts/compile-validators.ts`), the
 * server and the fixture runner. Node only: the browser imports no Ajv, it runs code generated at build time.
 * `$data: true` lets a keyword read another value of the data (`gstinMatchesPan` reads `$context.pancard_number`).
 */
export const AJV_CONFIG = {
  allErrors: true,
  strict: false,
  verbose: true,
  multipleOfPrecision: 8,
  discriminator: false,
  $data: true,
} as const satisfies Options;

/** The Ajv class every validator uses: draft 2019-09, for `unevaluatedProperties` with if/then. */
export const AjvClass = Ajv2019;
export type AjvInstance = InstanceType<typeof Ajv2019>;

/** What `extendAjv` adds beyond what the browser needs. */
export interface ExtendAjvOptions {
  /** Also register the checks that need server-only data: `ifscKnown` (the `ifsc` package's branch list). */
  serverChecks?: boolean;
}

/** Keywords every validator knows (`schemas/keywords/`). */
const SHARED_KEYWORDS = [verhoeffKeyword, gstinChecksumKeyword, gstinMatchesPanKeyword, journeyStepKeyword, areaCodeKnownKeyword, subCategoryOfKeyword, itemsSumAtMostKeyword];

/**
 * Adds what every validator needs on top of plain Ajv: formats, ajv-errors (messages are
 * catalogue keys) and the project's custom keywords. Safe to call on rjsf's own instance.
 * Without `serverChecks`, server-only keywords stay unknown and are ignored (`strict: false`).
 */
export function extendAjv(ajv: AjvInstance, options: ExtendAjvOptions = {}): AjvInstance {
  if (!ajv.formats['date']) addFormats(ajv);
  if (!ajv.getKeyword('errorMessage')) ajvErrors(ajv);
  const keywords = options.serverChecks ? [...SHARED_KEYWORDS, ifscKnownKeyword] : SHARED_KEYWORDS;
  for (const definition of keywords) {
    if (!ajv.getKeyword(definition.keyword as string)) ajv.addKeyword(definition);
  }
  return ajv;
}

/** A fresh Ajv with every schema of `schemas/` registered under its `$id`, with the server-only checks (server, fixtures). */
export function createAjv(): AjvInstance {
  const ajv = extendAjv(new AjvClass(AJV_CONFIG), { serverChecks: true });
  for (const schema of allSchemas) ajv.addSchema(schema);
  return ajv;
}

/**
 * The validator of a schema registered under `id`, as a type guard for `T`, the type generated from the same schema
 * (schemas/generated/): data it accepts is a `T`, with no cast where it is used. No schema of ours is `$async`.
 */
export function registeredValidator<T>(ajv: AjvInstance, id: string): ValidateFunction<T> {
  const validate = ajv.getSchema<T>(id);
  if (!validate) throw new Error(`No schema ${id}`);
  if ('$async' in validate) throw new Error(`Schema ${id} is $async`);
  return validate;
}
