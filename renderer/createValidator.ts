import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  hashForSchema,
  JUNK_OPTION_ID,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import processRawValidationErrors from '@rjsf/validator-ajv8/lib/processRawValidationErrors.js';
import type { PrecompiledStep } from 'virtual:precompiled-validators';
import { reportableErrors, textOf } from '../schemas/fieldErrors';
import { standaloneRuntime } from '../schemas/keywords/standaloneRuntime';
import { catalogueFor, type Catalogue } from '../schemas/messages';
import type { JsonSchema } from '../schemas/types';
import { loadedStepValidator } from './stepValidators';

/** Makes the rjsf validator of a schema that has no precompiled validator (see {@link allowRuntimeCompilation}). */
export type RuntimeValidatorFactory = (schema: JsonSchema, catalogue: Catalogue) => ValidatorType<unknown>;

let runtimeFactory: RuntimeValidatorFactory | undefined;
const validators = new Map<string, WeakMap<Catalogue, ValidatorType<unknown>>>();

/**
 * The rjsf validator of a step form: the validator of the step schema `schema.$id` that `scripts/compile-validators.ts`
 * compiled at build time (so the browser compiles nothing and needs no `'unsafe-eval'`; load it first with
 * `loadStepValidator`, renderer/stepValidators.ts), its errors in the catalogue's words, the same texts the server answers with (`schemas/fieldErrors.ts`). One per step and catalogue.
 *
 * The form may render a copy of the step schema that was adjusted at run time (choices from master data, resolved
 * conditions): the data is still validated against the step schema itself, as the server does. rjsf's `isValid`
 * questions are answered by the step's precompiled subschemas (its `if` conditions) and, for the `{ const, title }`
 * choices such copies add, by comparing with the constant.
 */
export function createValidator<T = unknown>(schema: JsonSchema, catalogue: Catalogue = catalogueFor()): ValidatorType<T> {
  const id = schema.$id;
  if (typeof id !== 'string') throw new Error('createValidator: the step schema has no $id');
  const byCatalogue = validators.get(id) ?? validators.set(id, new WeakMap()).get(id)!;
  let validator = byCatalogue.get(catalogue);
  if (!validator) {
    const step = loadedStepValidator(id);
    if (step instanceof Promise) throw new Error(`createValidator: the validators of ${id} are not loaded yet; await loadStepValidator (renderer/stepValidators.ts) first`);
    if (step) validator = new PrecompiledStepValidator(id, step, catalogue);
    else if (runtimeFactory) validator = runtimeFactory(schema, catalogue);
    else throw new Error(`createValidator: no precompiled validator for ${id}; step schemas are compiled at build time from schemas/registry.ts stepForms`);
    byCatalogue.set(catalogue, validator);
  }
  // One validator serves any form data type: it checks the data, whatever the caller's static type.
  return validator as unknown as ValidatorType<T>;
}

/**
 * Lets {@link createValidator} serve schemas that were not compiled at build time (a test's made-up form) with
 * validators compiled at run time. For tests and Node tools only: the app never calls it, as compiling in the browser
 * needs `'unsafe-eval'`.
 */
export function allowRuntimeCompilation(factory: RuntimeValidatorFactory | undefined): void {
  runtimeFactory = factory;
  validators.clear();
}

/** A validator that can also check one field alone (see {@link PrecompiledStepValidator.validateField}). */
export interface FieldValidator {
  validateField(path: readonly (string | number)[], value: unknown): ErrorObject[] | undefined;
}

/** Whether `validator` can check one field alone. */
export function isFieldValidator(validator: unknown): validator is FieldValidator {
  return typeof (validator as Partial<FieldValidator> | undefined)?.validateField === 'function';
}

/** rjsf's `ValidatorType` over one step's precompiled validator functions. */
class PrecompiledStepValidator implements ValidatorType<unknown>, FieldValidator {
  private readonly checks = new WeakMap<object, (data: unknown) => boolean>();

  constructor(
    private readonly id: string,
    private readonly step: PrecompiledStep,
    private readonly catalogue: Catalogue,
  ) {}

  rawValidation<Result = ErrorObject>(_schema: RJSFSchema, formData?: unknown): { errors?: Result[] } {
    const { validate } = this.step;
    validate(formData);
    const errors = validate.errors ? [...validate.errors] : undefined;
    validate.errors = null;
    localizeErrors(errors, this.catalogue);
    return { errors: errors as Result[] | undefined };
  }

  /**
   * The errors of the field at `path` holding `value` (inside its object, as in a field edit), in the catalogue's
   * words and filed as the whole form's validation files them; undefined when the field's errors may depend on other data (no field-level validator was
   * compiled for it): validate the whole form then.
   */
  validateField(path: readonly (string | number)[], value: unknown): ErrorObject[] | undefined {
    const parent = path.slice(0, -1).map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    const name = String(path[path.length - 1]);
    const validate = this.step.fields[`${parent}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`];
    if (!validate || path.length === 0) return undefined;
    // As the whole form's check sees it: a cleared field is absent, and the value as JSON.
    const text = JSON.stringify(value);
    validate(text === undefined ? {} : { [name]: JSON.parse(text) as unknown });
    const errors = (validate.errors ?? []).map((error) => withParentPath(error, parent));
    validate.errors = null;
    localizeErrors(errors, this.catalogue);
    return errors;
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator<unknown>,
    transformErrors?: ErrorTransformer<unknown>,
    uiSchema?: UiSchema<unknown>,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<ErrorObject>(schema, formData);
    return processRawValidationErrors(this, raw, formData, schema, customValidate, transformErrors, uiSchema);
  }

  isValid(schema: RJSFSchema, formData: unknown): boolean {
    if (schema.$id === JUNK_OPTION_ID) return false;
    let check = this.checks.get(schema);
    if (!check) {
      check = this.checkOf(schema);
      this.checks.set(schema, check);
    }
    return check(formData);
  }

  private checkOf(schema: RJSFSchema): (data: unknown) => boolean {
    const compiled: ValidateFunction | undefined = this.step.subschemas[hashForSchema(schema)];
    if (compiled) return (data) => compiled(data);
    if (isConstantChoice(schema)) return (data) => standaloneRuntime.equal(schema.const, data);
    throw new Error(
      `No precompiled validator for a subschema of ${this.id}: ${JSON.stringify(schema).slice(0, 300)}. ` +
        'rjsf evaluates it while rendering; put it in the step schema so that scripts/compile-validators.ts compiles it.',
    );
  }
}

/** `error` (and the errors an ajv-errors text replaced) as if its data sat under `parent` (a JSON pointer). */
function withParentPath(error: ErrorObject, parent: string): ErrorObject {
  if (!parent) return error;
  const replaced = (error.params as { errors?: ErrorObject[] }).errors;
  const params = replaced ? { ...error.params, errors: replaced.map((original) => withParentPath(original, parent)) } : error.params;
  return { ...error, instancePath: `${parent}${error.instancePath}`, params };
}

/** Keywords that only describe a choice; a `{ const, title }` option (a select's choice) is checked by equality. */
const ANNOTATIONS = new Set(['title', 'description', '$comment']);

function isConstantChoice(schema: RJSFSchema): boolean {
  return 'const' in schema && Object.keys(schema).every((key) => key === 'const' || ANNOTATIONS.has(key));
}

/**
 * Keeps the errors the server would report (no if/anyOf/oneOf summaries, see `reportableErrors`) and gives each its
 * catalogue text, in place, as rjsf expects.
 */
export function localizeErrors(errors: ErrorObject[] | null | undefined, catalogue: Catalogue): void {
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
