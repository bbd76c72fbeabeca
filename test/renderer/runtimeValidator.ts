import type Ajv from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { localizeErrors, type RuntimeValidatorFactory } from '../../renderer/createValidator';
import { AJV_CONFIG, AjvClass, extendAjv, type AjvInstance } from '../../schemas/ajv';
import { allSchemas } from '../../schemas/registry';

/**
 * An rjsf validator compiled at run time by Ajv, with the catalogue's texts and every schema of `schemas/` registered
 * (so a step schema is validated as stored, cross-file `$ref`s and all, like the server does): the reference the
 * precompiled validators are compared with, and the validator of a test's made-up form (see `allowRuntimeCompilation`,
 * which a test calls for itself). A new one per call.
 */
export const runtimeValidator: RuntimeValidatorFactory = (_schema, catalogue) =>
  customizeValidator<unknown>(
    {
      ajvOptionsOverrides: AJV_CONFIG,
      // Ajv2019 and the default Ajv share the core API rjsf uses; only their static typings differ.
      AjvClass: AjvClass as unknown as typeof Ajv,
      extenderFn: (ajv) => {
        extendAjv(ajv as unknown as AjvInstance);
        for (const schema of allSchemas) ajv.addSchema(schema);
        return ajv;
      },
    },
    (errors) => localizeErrors(errors, catalogue),
  );
