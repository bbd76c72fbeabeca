import { AJV_CONFIG, AjvClass, extendAjv } from '../../../schemas/ajv';
import { gstinCheckCharacter, hasValidGstinChecksum } from '../../../schemas/keywords/gstinChecksum';

describe('gstinCheckCharacter()', () => {
  it.each([
    ['27AAPFU0939F1Z', 'V'],
    ['29AAGCR4375J1Z', 'U'],
    ['27AAACR5055K1Z', '7'],
  ])('%s -> %s', (first14, check) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
  });

  it('is null for a character outside digits and upper-case letters', () => {
    expect(gstinCheckCharacter('27aapfu0939f1z')).toBeNull();
  });
});

describe('hasValidGstinChecksum()', () => {
  it('accepts real GSTINs and refuses any other last character', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCR4375J1ZU', '27AAACR5055K1Z7']) {
      expect(hasValidGstinChecksum(gstin)).toBe(true);
      for (const other of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.replace(gstin[14]!, '')) {
        expect(hasValidGstinChecksum(gstin.slice(0, 14) + other)).toBe(false);
      }
    }
  });

  it('refuses a single changed character of the first 14', () => {
    expect(hasValidGstinChecksum('27AAPFU0938F1ZV')).toBe(false);
    expect(hasValidGstinChecksum('28AAPFU0939F1ZV')).toBe(false);
  });

  it('refuses other lengths', () => {
    expect(hasValidGstinChecksum('27AAPFU0939F1Z')).toBe(false);
    expect(hasValidGstinChecksum('27AAPFU0939F1ZVV')).toBe(false);
  });
});

describe('the gstinChecksum keyword', () => {
  const ajv = extendAjv(new AjvClass(AJV_CONFIG));
  const validate = ajv.compile({ gstinChecksum: true });

  it('accepts a valid GSTIN, the empty string (left to minLength) and non-strings (left to type)', () => {
    expect(validate('27AAPFU0939F1ZV')).toBe(true);
    expect(validate('')).toBe(true);
    expect(validate(null)).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(validate('27AAPFU0939F1ZW')).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('gstinChecksum');
  });
});
