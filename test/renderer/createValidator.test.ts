import type { RJSFSchema } from '@rjsf/utils';
import { createValidator } from '../../renderer/createValidator';
import { renderableSchema } from '../../renderer/renderableSchema';
import { catalogueFor } from '../../schemas/messages';
import { stepForms } from '../../schemas/registry';

const panSchema = renderableSchema(stepForms['pan-details']!.schema);

/** The messages rjsf would show, by field (`''` for the form itself). */
function messagesByField(data: unknown, schema: RJSFSchema = panSchema, validator = createValidator()) {
  const { errors } = validator.validateFormData(data, schema);
  const result: Record<string, string[]> = {};
  for (const error of errors) (result[(error.property ?? '').replace(/^\./, '')] ??= []).push(error.message ?? '');
  return result;
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

  it('fills {limit} and friends from the error', () => {
    const schema: RJSFSchema = { type: 'object', properties: { name: { type: 'string', minLength: 3 } } };

    expect(messagesByField({ name: 'ab' }, schema)).toEqual({ name: ['Must be 3 characters or more'] });
  });

  it('files an errorMessage that replaced required errors under each missing field', () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['email', 'mobile'],
      properties: { email: { type: 'string' }, mobile: { type: 'string' } },
      errorMessage: { required: 'validation.identity' },
    };

    expect(messagesByField({}, schema)).toEqual({
      email: ['Enter a valid e-mail address or a 10-digit mobile number'],
      mobile: ['Enter a valid e-mail address or a 10-digit mobile number'],
    });
  });

  it('speaks the language of the catalogue it is given', () => {
    const hindi = { ...catalogueFor('en'), 'validation.pan': 'पैन नंबर अमान्य है' };

    expect(messagesByField({ pancard_number: 'x', business_entity_id: 3 }, panSchema, createValidator(hindi))).toEqual({
      pancard_number: ['पैन नंबर अमान्य है'],
    });
  });

  it('keeps one validator per catalogue', () => {
    expect(createValidator()).toBe(createValidator(catalogueFor('en')));
    expect(createValidator({ ...catalogueFor('en') })).not.toBe(createValidator());
  });
});
