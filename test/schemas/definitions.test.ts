import { createAjv } from '../../schemas/ajv';
import definitions from '../../schemas/definitions.json';
import { toFieldErrors } from '../../schemas/fieldErrors';
import type { FieldErrors } from '../../schemas/types';

const ajv = createAjv();

/** The errors of one value checked by one definition, as the API's 422 body for a field named `value`. */
function errorsOf(definition: string, value: unknown): FieldErrors {
  const validate = ajv.compile({
    type: 'object',
    properties: { value: { $ref: `${definitions.$id}#/$defs/${definition}` } },
  });
  return validate({ value }) ? {} : toFieldErrors(validate.errors);
}

const BLANK = 'This field cannot be left blank';
const MAX_100 = 'Must be 100 characters or less';

interface DefinitionCase {
  valid: unknown[];
  /** Each invalid value with exactly the messages it must get. */
  invalid: Array<[value: unknown, messages: string[]]>;
}

const PAN = 'PAN Number is invalid';
const ADDRESS = 'Please enter valid Address';
const GSTIN = 'You seem to have entered an incorrect GSTIN number, kindly retry';
const ALPHABETS_ONLY = 'Name should contain alphabets only (a-z)';

/** Every definition of `schemas/definitions.json` with valid and invalid examples and the spec's messages. */
const CASES: Record<string, DefinitionCase> = {
  requiredText: { valid: ['a', 'x'.repeat(100)], invalid: [['', [BLANK]], ['x'.repeat(101), [MAX_100]]] },
  maxLength18: { valid: ['x'.repeat(18)], invalid: [['x'.repeat(19), ['Must be 18 characters or less']]] },
  maxLength20: { valid: ['x'.repeat(20)], invalid: [['x'.repeat(21), ['Must be 20 characters or less']]] },
  maxLength50: { valid: ['x'.repeat(50)], invalid: [['x'.repeat(51), ['Must be 50 characters or less']]] },
  minLength9: { valid: ['x'.repeat(9)], invalid: [['x'.repeat(8), ['Must be 9 characters or more']]] },
  pan: {
    valid: ['ABCDE1234F', 'AAECS1234K'],
    invalid: [['', [BLANK]], ['abcde1234f', [PAN]], ['ABCDE12345', [PAN]], ['ABCDE1234FG', [PAN]], ['ABCD1234F', [PAN]], [1234, [PAN]]],
  },
  panName: {
    valid: ['Ravi Kumar', 'ACME TRADERS 2'],
    invalid: [['', [BLANK]], ['Ravi.Kumar', ['PAN name should not contain special characters']], ['x'.repeat(101), [MAX_100]]],
  },
  bankAccountNumber: {
    valid: ['123456789012', 'ABC123', '1'.repeat(18)],
    invalid: [
      ['', [BLANK]],
      ['1234-5678', ['Bank number should not contain special characters e.g.(.#$,)']],
      ['1234 5678', ['Bank number should not contain special characters e.g.(.#$,)']],
      ['1'.repeat(19), ['Must be 18 characters or less']],
    ],
  },
  ifsc: {
    valid: ['HDFC0000001', 'SBIN0000001'],
    invalid: [
      ['', [BLANK]],
      ['HDFC000', ['IFSC code format is invalid']],
      ['hdfc0000001', ['IFSC code format is invalid']],
      ['HDFC00000012', ['IFSC code format is invalid']],
      ['HDFC-000001', ['IFSC code format is invalid']],
      ['ABCD0123456', ['IFSC code format is invalid']],
    ],
  },
  aadhaar: {
    valid: ['234123412346', '499118665247'],
    invalid: [
      ['', [BLANK]],
      ['234123412347', ['Aadhar number is invalid']],
      ['123412341234', ['Aadhar number is invalid']],
      ['23412341234', ['Aadhar number is invalid']],
      ['2341234123466', ['Aadhar number is invalid']],
      ['2341 2341 2346', ['Aadhar number is invalid']],
    ],
  },
  shareCode: { valid: ['1234', '0000'], invalid: [['', [BLANK]], ['123', ['Share code is invalid']], ['12345', ['Share code is invalid']], ['12a4', ['Share code is invalid']]] },
  cin: {
    valid: ['U17120MH2015PTC261234', 'L65920MH1994PLC080618', 'U74999KA2020OPC123456', 'AAB-1234', 'FAA-1234', 'F01234'],
    invalid: [
      ['', [BLANK]],
      ['U17120MH2015XYZ261234', ['CIN number is invalid']],
      ['A17120MH2015PTC261234', ['CIN number is invalid']],
      ['u17120mh2015ptc261234', ['CIN number is invalid']],
      ['U17120MH2015PTC26123', ['CIN number is invalid']],
      ['AAB1234', ['CIN number is invalid']],
      ['AAB-12345', ['CIN number is invalid']],
    ],
  },
  pincode: {
    valid: ['560001', '110011'],
    invalid: [['', [BLANK]], ['060001', ['Invalid Pincode']], ['56000', ['Invalid Pincode']], ['5600011', ['Invalid Pincode']], ['56000a', ['Invalid Pincode']]],
  },
  address: {
    valid: ['12, MG Road', "Flat 4/B, St. Mary's (Near Park); Sector-5 & 6: 12° N"],
    invalid: [['', [BLANK]], [' 12 MG Road', [ADDRESS]], ['-MG Road', [ADDRESS]], ['12 MG Road #4', [ADDRESS]], ['Line 1\nLine 2', [ADDRESS]], ['x'.repeat(101), [MAX_100]]],
  },
  addressMultiline: {
    valid: ['Line 1\nLine 2', 'Line 1\r\nLine 2'],
    invalid: [['', [BLANK]], ['\nLine 1', [ADDRESS]], ['Line 1\n#2', [ADDRESS]]],
  },
  businessAddress: {
    valid: ['12A', '12, MG Road'],
    invalid: [
      ['', [BLANK]],
      ['12', ['Business Address should not be less than 3 characters']],
      ['#12 MG Road', [ADDRESS]],
      ['#1', ['Business Address should not be less than 3 characters', ADDRESS]],
      ['x'.repeat(101), [MAX_100]],
    ],
  },
  url: {
    valid: ['https://example.com', 'http://www.example.co.in/shop?x=1#top', 'example.com', 'shop.example.in:8080/path'],
    invalid: [['', [BLANK]], ['example', ['Entered URL is invalid']], ['https://exa mple.com', ['Entered URL is invalid']], ['ftp://example.com', ['Entered URL is invalid']], ['https://example.c', ['Entered URL is invalid']]],
  },
  numeric: { valid: ['0', '0123456789'], invalid: [['', [BLANK]], ['12a', ['Please enter number only']], ['1.5', ['Please enter number only']], ['-1', ['Please enter number only']]] },
  amount: {
    valid: ['1', '99999999', '00099999999'],
    invalid: [['', [BLANK]], ['100000000', ['Maximum amount allowed 99999999']], ['12a', ['Please enter number only']], ['1.50', ['Please enter number only']]],
  },
  decimalAmount: {
    valid: ['1', '1.5', '1.25', '1234.00'],
    invalid: [['', [BLANK]], ['1.255', ['Invalid format']], ['1.', ['Invalid format']], ['.5', ['Invalid format']], ['1,5', ['Invalid format']]],
  },
  pennyAmount: { valid: ['1', '1.25'], invalid: [['', ['Incorrect amount']], ['1.234', ['Incorrect amount']], ['abc', ['Incorrect amount']]] },
  alphanumeric: {
    valid: ['ABC123', 'abc'],
    invalid: [['', [BLANK]], ['AB-12', ['This field should not contain special characters e.g.(.#$,)']], ['AB 12', ['This field should not contain special characters e.g.(.#$,)']]],
  },
  email: {
    valid: ['a@b.in', 'first.last_name-1@mail.example.com', `${'a'.repeat(64)}@example.com`],
    invalid: [
      ['', [BLANK]],
      ['a@b.c', ['Invalid email']],
      ['a@bc', ['Invalid email']],
      ['first+tag@example.com', ['Invalid email']],
      [`${'a'.repeat(65)}@example.com`, ['Invalid email']],
      [`a@${'b'.repeat(250)}.com`, ['Invalid email']],
      ['name@example.c0m', ['Invalid email']],
    ],
  },
  mobile: {
    valid: ['9876543210', '6000000000'],
    invalid: [['', [BLANK]], ['5876543210', ['Invalid mobile number']], ['987654321', ['Invalid mobile number']], ['98765432100', ['Invalid mobile number']], ['+919876543210', ['Invalid mobile number']]],
  },
  gstin: {
    valid: ['27AAPFU0939F1ZV', '29AAGCR4375J1ZU', '27AAACR5055K1Z7'],
    invalid: [
      ['', [BLANK]],
      ['27AAPFU0939F1ZW', [GSTIN]],
      ['27AAPFU0939F1Z', [GSTIN]],
      ['27aapfu0939f1zv', [GSTIN]],
      ['27AAPFU0939F1AV', [GSTIN]],
      ['27AAPFU0939F0ZV', [GSTIN]],
    ],
  },
  gstinList: {
    valid: ['27AAPFU0939F1ZV'],
    invalid: [['', [BLANK]], ['27AAPFU0939F1ZW', ['Invalid GST number']], ['27AAPFU0939F1Z', ['Invalid GST number']]],
  },
  nameGeneric: {
    valid: ['Acme Traders (India) Pvt. Ltd.', 'Shop-No.1 @ Market!'],
    invalid: [['', [BLANK]], ['Acme & Sons', ['Name should contain only alphabets, numbers and special characters !@().-']], ['x'.repeat(101), [MAX_100]]],
  },
  nameAlphabets: { valid: ['Ravi Kumar'], invalid: [['', [BLANK]], ['Ravi K.', ['Name should contain only alphabets']], ['Ravi 2', ['Name should contain only alphabets']]] },
  nameAlphabetsOnly: { valid: ['Ravi'], invalid: [['', [BLANK]], ['Ravi Kumar', [ALPHABETS_ONLY]], ['Ravi1', [ALPHABETS_ONLY]]] },
  nameStartsWithLetter: { valid: ['Ravi Kumar', 'R'], invalid: [['', [BLANK]], [' Ravi', [ALPHABETS_ONLY]], ['1Ravi', [ALPHABETS_ONLY]], ['Ravi.K', [ALPHABETS_ONLY]]] },
  nameLettersSpacesDots: {
    valid: ['R. K. Narayan', 'A'.repeat(80)],
    invalid: [['', [BLANK]], ['   ', [ALPHABETS_ONLY]], ['R.K. Narayan-1', [ALPHABETS_ONLY]], ['A'.repeat(81), [ALPHABETS_ONLY]]],
  },
  nameWithSymbols: {
    valid: ['A&B Traders, Unit #4: Phase-2 @ MG Rd.'],
    invalid: [['', [BLANK]], ['A (B)', ['Name should contain only alphabets,numbers and special characters &@#.,:-']]],
  },
  nameNoSpecial: { valid: ['Ravi Kumar 2'], invalid: [['', [BLANK]], ['Ravi.Kumar', ['Name should not contain special characters e.g.(.#$,)']]] },
  plainAscii: {
    valid: ['Plain text, with ~symbols~ & digits 123'],
    invalid: [['', [BLANK]], ['Café', ['This field should contain only plain ASCII characters']], ['₹100', ['This field should contain only plain ASCII characters']]],
  },
  password: {
    valid: ['Secret#123', 'aA1!aA1!'],
    invalid: [
      ['', [BLANK]],
      ['aA1!', ['Password must contain 8 characters or more.']],
      ['secret#123', ['Password must contain an uppercase letter.']],
      ['SECRET#123', ['Password must contain a lowercase letter.']],
      ['Secret#abc', ['Password must contain a number.']],
      ['Secret1234', ['Password must contain a special character from !@#$%^&*.']],
      [
        'abc',
        [
          'Password must contain 8 characters or more.',
          'Password must contain an uppercase letter.',
          'Password must contain a number.',
          'Password must contain a special character from !@#$%^&*.',
        ],
      ],
      ['x'.repeat(95) + 'A1!aB1', [MAX_100]],
    ],
  },
  pep: { valid: [1, 2, 3], invalid: [[0, ['This value is not accepted']], [4, ['This value is not accepted']], ['1', ['This value is not accepted']]] },
  monthlyVolume: {
    valid: ['up to 10000', '10001-30000', '30001-60000', '60001-80000', '80001-120000', '120001-150000', '150001-300000', '300001-500000', '500001 and more'],
    invalid: [['10000', ['This value is not accepted']], ['', ['This value is not accepted']]],
  },
  entityId: { valid: [1, 6], invalid: [[0, ['Choose a business entity from the list']], ['6', ['Choose a business entity from the list']]] },
  pastDate: { valid: ['1990-01-31'], invalid: [['31-01-1990', ['Enter a valid date']]] },
  otp: { valid: ['1234'], invalid: [['123', [BLANK]], ['12a4', [BLANK]]] },
};

describe('schemas/definitions.json', () => {
  it('has a table of examples for every definition', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(definitions.$defs).sort());
  });

  describe.each(Object.entries(CASES))('%s', (definition, { valid, invalid }) => {
    it.each(valid.map((value) => [JSON.stringify(value), value]))('accepts %s', (_label, value) => {
      expect(errorsOf(definition, value)).toEqual({});
    });

    it.each(invalid.map(([value, messages]) => [JSON.stringify(value), value, messages]))(
      'refuses %s with the spec message',
      (_label, value, messages) => {
        expect(errorsOf(definition, value)).toEqual({ value: messages });
      },
    );
  });

  it('gives every text input a maximum length: 100 unless the spec sets another', () => {
    const textDefinitions = Object.entries(definitions.$defs as Record<string, { type?: string; maxLength?: number; enum?: unknown[]; pattern?: string; format?: string }>)
      .filter(([name, schema]) => schema.type === 'string' && !schema.enum && !schema.format && name !== 'otp' && !name.startsWith('minLength'));
    const withoutLimit = textDefinitions.filter(([, schema]) => schema.maxLength === undefined).map(([name]) => name);
    expect(withoutLimit).toEqual([]);
  });
});
