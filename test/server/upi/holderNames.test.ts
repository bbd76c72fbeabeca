import { describe, expect, it } from 'vitest';
import bankForm from '../../../schemas/master/bank-form-entities.json';
import type { MerchantRecord } from '../../../server/merchants/store';
import { withRecordDefaults } from '../../../schemas/withRecordDefaults';
import { expectedHolderNames, normalisedHolderName, sameHolderName } from '../../../server/upi/holderNames';

const record = (fields: Record<string, unknown>): MerchantRecord => withRecordDefaults({ uuid: '11111111-2222-3333-4444-555555555555', mid: 1, product: 'PayUbiz' as const, ...fields });
/** The bank-form entities whose holder name starts from each source (read from the data, not named here). */
const entitiesFrom = (source: string) => Object.entries(bankForm.entities).filter(([, entity]) => entity.holder_name_from === source).map(([id]) => Number(id));

describe('normalisedHolderName()', () => {
  it.each([
    ['M/s. Nimbus Stores Pvt. Ltd.', 'NIMBUS STORES PRIVATE LIMITED'],
    ['m/s nimbus  stores private limited', 'NIMBUS STORES PRIVATE LIMITED'],
    ['  Asha   Sharma ', 'ASHA SHARMA'],
    ['SHARMA & SONS', 'SHARMA SONS'],
    ['MS DHONI', 'MS DHONI'],
  ])('reads "%s" as "%s"', (name, normalised) => {
    expect(normalisedHolderName(name)).toBe(normalised);
  });

  it('never matches an empty name', () => {
    expect(sameHolderName('', '')).toBe(false);
    expect(sameHolderName('...', '')).toBe(false);
  });
});

describe('expectedHolderNames()', () => {
  it.each(entitiesFrom('pancard_name'))('takes the PAN name for entity %i', (entity) => {
    expect(expectedHolderNames(record({ business_entity_id: entity, pancard_name: 'PAN NAME', business_name: 'Shop Name' }))).toEqual(['PAN NAME']);
  });

  it.each(entitiesFrom('business_name'))('takes the business name for entity %i, the PAN name while there is none', (entity) => {
    expect(expectedHolderNames(record({ business_entity_id: entity, pancard_name: 'PAN NAME', business_name: 'Shop Name' }))).toEqual(['Shop Name']);
    expect(expectedHolderNames(record({ business_entity_id: entity, pancard_name: 'PAN NAME', business_name: null }))).toEqual(['PAN NAME']);
  });

  it('takes both names where the merchant chooses between them (the choosing filing status)', () => {
    const [entity] = entitiesFrom('pancard_name');
    const chooser = record({ business_entity_id: entity, business_filing_status: bankForm.holder_name_choice_filing_status, pancard_name: 'PAN NAME', business_name: 'Shop Name' });
    expect(expectedHolderNames(chooser)).toEqual(['PAN NAME', 'Shop Name']);
  });

  it('is empty before any name is known', () => {
    expect(expectedHolderNames(record({ business_entity_id: null }))).toEqual([]);
  });
});
