import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { JUNK_OPTION_ID } from '@rjsf/utils';
import { allowRuntimeCompilation, createValidator } from '../../renderer/createValidator';
import { renderableSchema } from '../../renderer/renderableSchema';
import { catalogueFor } from '../../schemas/messages';
import { shippedForms, stepForms } from '../../schemas/registry';
import type { JsonSchema } from '../../schemas/types';
import { runtimeValidator } from './runtimeValidator';

const panStep = shippedForms['pan-details']!.schema;
const panSchema = renderableSchema(panStep);

/** The messages rjsf would show, by field (`''` for the form itself). */
function messagesByField(data: unknown, schema: RJSFSchema = panSchema, validator: ValidatorType<unknown> = createValidator(panStep)) {
  const { errors } = validator.validateFormData(data, schema);
  const result: Record<string, string[]> = {};
  for (const error of errors) (result[(error.property ?? '').replace(/^\./, '')] ??= []).push(error.message ?? '');
  return result;
}

// Made-up forms, not steps of schemas/registry.ts, have no validator compiled at build time: validate them at run time.
allowRuntimeCompilation(runtimeValidator);

/** A made-up form with its own `$id`. */
function madeUpForm(name: string, schema: JsonSchema): JsonSchema {
  return { $id: `https://onboarding.local/schemas/test/${name}.json`, ...schema };
}

/** The messages of a made-up form, rendered as StepForm renders it (without its `$id`). */
function madeUpFormMessages(data: unknown, schema: JsonSchema) {
  return messagesByField(data, renderableSchema(schema), createValidator(schema));
}

describe('createValidator()', () => {
  it('puts "This field cannot be left blank" under each missing field', () => {
    expect(messagesByField({})).toEqual({
      pancard_number: ['This field cannot be left blank'],
      business_entity_id: ['This field cannot be left blank'],
    });
  });

  it('gives the schema\'s errorMessage text under the field it is about', () => {
    expect(messagesByField({ pancard_number: 'ABCD1234', business_entity_id: 3 })).toEqual({
      pancard_number: ['PAN Number is invalid'],
    });
  });

  it('asks for the date of birth of an individual without the if/then summary error', () => {
    expect(messagesByField({ pancard_number: 'ABCPE1234F', business_entity_id: 1 })).toEqual({
      dob: ['This field cannot be left blank'],
    });
  });

  it('accepts valid data', () => {
    expect(messagesByField({ pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '1990-04-01' })).toEqual({});
  });

  it('validates a copy of the step adjusted at run time (entity choices) against the step schema', () => {
    const properties = panStep.properties as Record<string, JsonSchema>;
    const withChoices = {
      ...panStep,
      properties: { ...properties, business_entity_id: { ...properties.business_entity_id, oneOf: [{ const: 3, title: 'Sole Proprietorship' }] } },
    };

    expect(messagesByField({ pancard_number: 'ABCPE1234F', business_entity_id: 1 }, renderableSchema(withChoices), createValidator(withChoices))).toEqual({
      dob: ['This field cannot be left blank'],
    });
  });

  it('speaks the language of the catalogue it is given', () => {
    const hindi = { ...catalogueFor('en'), 'validation.pan': 'पैन नंबर अमान्य है' };

    expect(messagesByField({ pancard_number: 'x', business_entity_id: 3 }, panSchema, createValidator(panStep, hindi))).toEqual({
      pancard_number: ['पैन नंबर अमान्य है'],
    });
  });

  it('keeps one validator per step and catalogue', () => {
    expect(createValidator(panStep)).toBe(createValidator(panStep, catalogueFor('en')));
    expect(createValidator(panStep, { ...catalogueFor('en') })).not.toBe(createValidator(panStep));
    expect(createValidator(stepForms.kyc!.schema)).not.toBe(createValidator(panStep));
  });

  it('refuses a schema without $id, and one that was not compiled at build time unless runtime compilation is allowed', () => {
    expect(() => createValidator({ type: 'object' })).toThrow('no $id');
    allowRuntimeCompilation(undefined);
    try {
      expect(() => createValidator(madeUpForm('empty', { type: 'object' }))).toThrow('no precompiled validator for https://onboarding.local/schemas/test/empty.json');
    } finally {
      allowRuntimeCompilation(runtimeValidator);
    }
  });
});

describe('createValidator().isValid()', () => {
  const validator = createValidator(panStep);
  const individual = panSchema.if as RJSFSchema;

  it('answers the step\'s if condition (Individual needs a date of birth) from its precompiled subschema', () => {
    expect(validator.isValid(individual, { business_entity_id: 1 }, panSchema)).toBe(true);
    expect(validator.isValid(individual, { business_entity_id: 3 }, panSchema)).toBe(false);
    expect(validator.isValid(individual, {}, panSchema)).toBe(false);
  });

  it('answers a { const, title } choice added at run time by comparing with the constant', () => {
    expect(validator.isValid({ const: 3, title: 'Sole Proprietorship' }, 3, panSchema)).toBe(true);
    expect(validator.isValid({ const: 3, title: 'Sole Proprietorship' }, 1, panSchema)).toBe(false);
  });

  it('says no to rjsf\'s junk option', () => {
    expect(validator.isValid({ $id: JUNK_OPTION_ID, type: 'object' }, {}, panSchema)).toBe(false);
  });

  it('fails loudly on a subschema that was not compiled, instead of guessing', () => {
    expect(() => validator.isValid({ required: ['dob'], properties: { dob: { minLength: 3 } } }, {}, panSchema)).toThrow(
      'No precompiled validator for a subschema of https://onboarding.local/schemas/steps/pan-details.json',
    );
  });
});

describe('the catalogue texts of a made-up form (validated at run time)', () => {
  it('fills {limit} and friends from the error', () => {
    const schema = madeUpForm('name', { type: 'object', properties: { name: { type: 'string', minLength: 3 } } });

    expect(madeUpFormMessages({ name: 'ab' }, schema)).toEqual({ name: ['Must be 3 characters or more'] });
  });

  it('files an errorMessage that replaced required errors under each missing field', () => {
    const schema = madeUpForm('identity', {
      type: 'object',
      required: ['email', 'mobile'],
      properties: { email: { type: 'string' }, mobile: { type: 'string' } },
      errorMessage: { required: 'validation.identity' },
    });

    expect(madeUpFormMessages({}, schema)).toEqual({
      email: ['Enter a valid e-mail address or a 10-digit mobile number'],
      mobile: ['Enter a valid e-mail address or a 10-digit mobile number'],
    });
  });
});
