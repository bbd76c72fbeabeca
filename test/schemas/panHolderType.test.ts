import { createAjv } from '../../schemas/ajv';
import businessEntities from '../../schemas/master/business-entities.json';
import merchantRecord from '../../schemas/records/merchant.json';
import { definitionErrors } from '../../rules/fixtures/definitions';

/**
 * The fourth letter of a PAN is the holder type: A B C F G H J L P T in the Income Tax
 * Department's "Permanent Account Number (PAN)" tutorial, and K (krish) in older lists
 * (python-stdnum's stdnum/in_/pan.py keeps it too).
 */
const HOLDER_TYPES = [...'ABCFGHJKLPT'];
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const panWithHolderType = (letter: string) => `AAA${letter}K1234M`;

const ajv = createAjv();
const panIsValid = (value: string) => definitionErrors(ajv, 'pan', value).length === 0;

/** Every `pattern` given to a `pancard_number` property anywhere in a schema. */
function pancardPatterns(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => {
    const own = key === 'pancard_number' && typeof (value as { pattern?: unknown }).pattern === 'string' ? [(value as { pattern: string }).pattern] : [];
    return [...own, ...pancardPatterns(value)];
  });
}

describe('the pan definition', () => {
  it.each(LETTERS)('fourth letter %s: valid only when it is a holder type', (letter) => {
    expect(panIsValid(panWithHolderType(letter))).toBe(HOLDER_TYPES.includes(letter));
  });

  it('refuses a PAN whose fourth letter is not a holder type with the spec\'s message', () => {
    expect(definitionErrors(ajv, 'pan', 'BCNEC3187B')).toEqual(['PAN Number is invalid']);
  });

  it('accepts every fourth letter of the PAN-to-entity table', () => {
    const tableLetters = Object.keys(businessEntities.pan_business_entity_mapping);
    expect(tableLetters.filter((letter) => !panIsValid(panWithHolderType(letter)))).toEqual([]);
  });
});

describe('the PAN patterns of the merchant record', () => {
  const patterns = pancardPatterns(merchantRecord);

  it('are found (merchant, beneficial owners, signatories)', () => {
    expect(patterns.length).toBeGreaterThanOrEqual(3);
  });

  it.each(LETTERS)('agree with the pan definition on fourth letter %s', (letter) => {
    const pan = panWithHolderType(letter);
    for (const pattern of patterns) expect(new RegExp(pattern, 'u').test(pan)).toBe(panIsValid(pan));
  });
});
