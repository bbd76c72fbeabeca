import { AJV_CONFIG, AjvClass, extendAjv } from '../../../schemas/ajv';
import { hasValidVerhoeffCheckDigit } from '../../../schemas/keywords/verhoeff';

describe('hasValidVerhoeffCheckDigit()', () => {
  it.each([
    ['2363', true, 'Wikipedia "Verhoeff algorithm", worked example: 236 has check digit 3'],
    ['2369', false, 'Rosetta Code "Verhoeff algorithm" task'],
    ['123451', true, 'Rosetta Code "Verhoeff algorithm" task'],
    ['123459', false, 'Rosetta Code "Verhoeff algorithm" task'],
    ['1234567890120', true, 'Rosetta Code "Verhoeff algorithm" task'],
    ['1234567890129', false, 'Rosetta Code "Verhoeff algorithm" task'],
    ['14567894', true, 'Perl Algorithm::CheckDigits::MXX_006 documentation'],
    ['234123412346', true, 'python-stdnum stdnum/in_/aadhaar.py doctest'],
    ['234123412347', false, 'python-stdnum stdnum/in_/aadhaar.py doctest'],
  ])('%s -> %s (%s)', (digits, valid) => {
    expect(hasValidVerhoeffCheckDigit(digits)).toBe(valid);
  });

  it.each(['', '23412341234a', '2341 2341 2346'])('refuses %j: not a string of digits', (text) => {
    expect(hasValidVerhoeffCheckDigit(text)).toBe(false);
  });

  it('catches every single-digit typo and adjacent swap of a valid number', () => {
    const valid = '234123412346';
    for (let index = 0; index < valid.length; index += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        if (String(digit) === valid[index]) continue;
        expect(hasValidVerhoeffCheckDigit(valid.slice(0, index) + digit + valid.slice(index + 1))).toBe(false);
      }
      const swapped = valid.slice(0, index) + valid[index + 1] + valid[index] + valid.slice(index + 2);
      if (index < valid.length - 1 && swapped !== valid) expect(hasValidVerhoeffCheckDigit(swapped)).toBe(false);
    }
  });
});

describe('the verhoeff keyword', () => {
  const ajv = extendAjv(new AjvClass(AJV_CONFIG));

  it('accepts a valid number, the empty string (left to minLength) and non-strings (left to type)', () => {
    const validate = ajv.compile({ verhoeff: true });
    expect(validate('234123412346')).toBe(true);
    expect(validate('')).toBe(true);
    expect(validate(42)).toBe(true);
  });

  it('refuses a wrong check digit or a non-digit string', () => {
    const validate = ajv.compile({ verhoeff: true });
    expect(validate('234123412347')).toBe(false);
    expect(validate.errors?.[0]?.keyword).toBe('verhoeff');
    expect(validate('2341-2341-2346')).toBe(false);
  });

  it('checks nothing when false', () => {
    expect(ajv.compile({ verhoeff: false })('234123412347')).toBe(true);
  });
});
