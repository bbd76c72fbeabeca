import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAjv } from '../../schemas/ajv';
import { hasValidVerhoeffCheckDigit } from '../../schemas/keywords/verhoeff';
import { definitionErrors } from '../../rules/fixtures/definitions';

/** `test/fixtures/_vectors/python-stdnum.json`, written by `scripts/stdnum-vectors.py`. */
interface StdnumVectors {
  stdnum_version: string;
  sets: Record<SetName, { valid: string[]; invalid: string[] }>;
  differences: Array<{ set: SetName; value: string; stdnum: boolean; ours: boolean; reason: string }>;
}
type SetName = 'verhoeff' | 'aadhaar' | 'gstin' | 'pan';

const VECTORS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/_vectors/python-stdnum.json');
const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as StdnumVectors;
const ajv = createAjv();
const definitionAccepts = (name: string) => (value: string) => definitionErrors(ajv, name, value).length === 0;

/** Our check for each set of values. */
const OURS: Record<SetName, (value: string) => boolean> = {
  verhoeff: hasValidVerhoeffCheckDigit,
  aadhaar: definitionAccepts('aadhaar'),
  gstin: definitionAccepts('gstin'),
  pan: definitionAccepts('pan'),
};
const SET_NAMES = Object.keys(OURS) as SetName[];

describe(`agreement with python-stdnum ${vectors.stdnum_version}`, () => {
  it.each(SET_NAMES)('%s: every value gets python-stdnum\'s verdict', (name) => {
    const { valid, invalid } = vectors.sets[name];
    expect(valid.length).toBeGreaterThan(500);
    expect(invalid.length).toBeGreaterThan(500);
    const check = OURS[name];
    expect({ wronglyRefused: valid.filter((value) => !check(value)), wronglyAccepted: invalid.filter(check) }).toEqual({
      wronglyRefused: [],
      wronglyAccepted: [],
    });
  });

  it.each(vectors.differences)('$set: $value differs as intended ($reason)', ({ set, value, stdnum, ours }) => {
    expect(ours).not.toBe(stdnum);
    expect(OURS[set](value)).toBe(ours);
  });
});
