import type { ErrorObject } from 'ajv';
import type Ajv from 'ajv';
import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_CONFIG, AjvClass, extendAjv, type AjvInstance } from '../schemas/ajv';
import { reportableErrors, textOf } from '../schemas/fieldErrors';
import { catalogueFor, type Catalogue } from '../schemas/messages';

const validators = new WeakMap<Catalogue, ValidatorType<unknown>>();

/**
 * The rjsf validator of every form: the project's Ajv (draft 2019-09, formats, ajv-errors) whose errors read as
 * catalogue texts, the same texts the server answers with (`schemas/fieldErrors.ts`). One per catalogue.
 */
export function createValidator(catalogue: Catalogue = catalogueFor()): ValidatorType<unknown> {
  let validator = validators.get(catalogue);
  if (!validator) {
    validator = customizeValidator<unknown>(
      {
        ajvOptionsOverrides: AJV_CONFIG,
        // Ajv2019 and the default Ajv share the core API rjsf uses; only their static typings differ.
        AjvClass: AjvClass as unknown as typeof Ajv,
        extenderFn: (ajv) => extendAjv(ajv as unknown as AjvInstance) as unknown as Ajv,
      },
      (errors) => localize(errors, catalogue),
    );
    validators.set(catalogue, validator);
  }
  return validator;
}

/**
 * Keeps the errors the server would report (no if/anyOf/oneOf summaries, see `reportableErrors`) and gives each its
 * catalogue text, in place, as rjsf expects.
 */
function localize(errors: ErrorObject[] | null | undefined, catalogue: Catalogue): void {
  if (!errors) return;
  const localized = reportableErrors(errors)
    .flatMap(underEachMissingField)
    .map((error) => ({ ...error, message: textOf(error, catalogue) }));
  errors.splice(0, errors.length, ...localized);
}

/**
 * rjsf files an error under its `instancePath` plus `params.missingProperty`. An ajv-errors message that replaced
 * `required` errors keeps the object's path and hides the missing properties in `params.errors`, so it would land on
 * the object instead of the fields: file one copy under each missing field.
 */
function underEachMissingField(error: ErrorObject): ErrorObject[] {
  if (error.keyword !== 'errorMessage') return [error];
  const replaced = (error.params as { errors?: ErrorObject[] }).errors ?? [];
  const missing = replaced.filter((original) => original.keyword === 'required');
  if (missing.length === 0) return [error];
  return missing.map((original) => ({
    ...error,
    instancePath: `${original.instancePath}/${(original.params as { missingProperty: string }).missingProperty}`,
    params: { ...error.params, errors: [original] },
  }));
}
