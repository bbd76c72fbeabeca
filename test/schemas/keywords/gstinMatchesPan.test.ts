import { AJV_CONFIG, AjvClass, createAjv, extendAjv } from '../../../schemas/ajv';
import definitions from '../../../schemas/definitions.json';
import { toFieldErrors } from '../../../schemas/fieldErrors';
import { gstinMatchesPan } from '../../../schemas/keywords/gstinMatchesPan';

const GSTIN = '29AAGCR4375J1ZU';

describe('gstinMatchesPan()', () => {
  it('compares characters 3-12 of a 15-character GSTIN with the PAN, ignoring case', () => {
    expect(gstinMatchesPan(GSTIN, 'AAGCR4375J')).toBe(true);
    expect(gstinMatchesPan(GSTIN, 'aagcr4375j')).toBe(true);
    expect(gstinMatchesPan(GSTIN, 'AAGCR4375K')).toBe(false);
  });

  it('leaves GSTINs of other lengths to the format check', () => {
    expect(gstinMatchesPan('29AAGCR4375J1Z', 'ABCDE1234F')).toBe(true);
  });
});

describe('the gstinMatchesPan keyword', () => {
  /** A step schema as `schemas/steps/*.json` writes it: the merchant's PAN arrives in `$context`. */
  const stepSchema = {
    type: 'object',
    properties: {
      $context: { type: 'object' },
      gst_number: {
        $ref: `${definitions.$id}#/$defs/gstin`,
        gstinMatchesPan: { $data: '1/$context/pancard_number' },
        errorMessage: { gstinMatchesPan: 'validation.gstinPanMismatch' },
      },
    },
  };
  const validate = createAjv().compile(stepSchema);
  const errorsOf = (data: Record<string, unknown>) => (validate(data) ? {} : toFieldErrors(validate.errors));

  it('refuses a GSTIN whose PAN part differs from the merchant PAN', () => {
    expect(errorsOf({ gst_number: GSTIN, $context: { pancard_number: 'AAGCR4375K' } })).toEqual({
      gst_number: ['The GST number does not match with PAN details provided'],
    });
  });

  it('accepts a GSTIN carrying the merchant PAN', () => {
    expect(errorsOf({ gst_number: GSTIN, $context: { pancard_number: 'AAGCR4375J' } })).toEqual({});
  });

  it('has nothing to compare without a PAN: no context, no PAN, a null or empty PAN', () => {
    expect(errorsOf({ gst_number: GSTIN })).toEqual({});
    expect(errorsOf({ gst_number: GSTIN, $context: {} })).toEqual({});
    expect(errorsOf({ gst_number: GSTIN, $context: { pancard_number: null } })).toEqual({});
    expect(errorsOf({ gst_number: GSTIN, $context: { pancard_number: '' } })).toEqual({});
  });

  it('reports a malformed GSTIN with the format message only', () => {
    expect(errorsOf({ gst_number: '29AAGCR4375K1Z', $context: { pancard_number: 'AAGCR4375J' } })).toEqual({
      gst_number: ['You seem to have entered an incorrect GSTIN number, kindly retry'],
    });
  });

  it('also takes the PAN as a literal value', () => {
    const ajv = extendAjv(new AjvClass(AJV_CONFIG));
    expect(ajv.validate({ gstinMatchesPan: 'AAGCR4375J' }, GSTIN)).toBe(true);
    expect(ajv.validate({ gstinMatchesPan: 'AAGCR4375K' }, GSTIN)).toBe(false);
  });
});
