import { AJV_CONFIG, AjvClass, createAjv, extendAjv } from '../../../schemas/ajv';
import definitions from '../../../schemas/definitions.json';
import { isKnownIfsc } from '../../../schemas/keywords/ifscKnown';

const IFSC_SCHEMA = { $ref: `${definitions.$id}#/$defs/ifsc` };

describe('isKnownIfsc()', () => {
  it.each([
    ['HDFC0000001', true],
    ['SBIN0000001', true],
    ['UTIB0000004', true],
    ['ABCD0123456', false],
    ['HDFC0ZZZZZZ', false],
  ])('%s -> %s', (code, known) => {
    expect(isKnownIfsc(code)).toBe(known);
  });
});

describe('the ifscKnown keyword', () => {
  it('refuses a well-formed but unknown IFSC on the server, with the spec\'s "IFSC not found" message', () => {
    const validate = createAjv().compile(IFSC_SCHEMA);
    expect(validate('HDFC0000001')).toBe(true);
    expect(validate('ABCD0123456')).toBe(false);
    expect(validate.errors?.map((error) => error.message)).toEqual(['validation.ifscNotFound']);
  });

  it('leaves malformed codes to the format check', () => {
    const ajv = extendAjv(new AjvClass(AJV_CONFIG), { serverChecks: true });
    expect(ajv.validate({ ifscKnown: true }, 'HDFC000')).toBe(true);
    expect(ajv.validate({ ifscKnown: true }, 'abcd0123456')).toBe(true);
  });

  it('is not registered without serverChecks (the browser), where it is ignored', () => {
    const browserAjv = extendAjv(new AjvClass(AJV_CONFIG));
    expect(browserAjv.getKeyword('ifscKnown')).toBe(false);
    expect(browserAjv.validate({ ifscKnown: true }, 'ABCD0123456')).toBe(true);
    browserAjv.addSchema(definitions);
    expect(browserAjv.validate(IFSC_SCHEMA, 'ABCD0123456')).toBe(true);
  });
});
