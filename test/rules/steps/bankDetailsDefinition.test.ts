import { describe, expect, it } from 'vitest';
import demoMerchants from '../../../server/demo/demo-merchants.json';
import { createAjv } from '../../../schemas/ajv';
import merchantExample from '../../../schemas/records/merchant.example.json';
import { stepDefinitions } from '../../../schemas/registry';
import { assertStepDefinition } from '../../../rules/steps/assertStepDefinition';
import { compiledStep } from '../../../rules/steps/compiledSteps';
import { adjustBankData, bankFormDataOf, bankFormFor } from '../../../src/features/onboarding/bankDetailsForm';
import type { Merchant } from '../../../src/shared/api/types';

const step = compiledStep('bank-details')!;
type Data = Record<string, unknown>;

/** Records that exercise every rule of the bank form: the demo merchants, and the special cases of the spec. */
const merchants: Array<[string, Merchant]> = [
  ...demoMerchants.map(({ entity, record }): [string, Merchant] => [entity, { uuid: 'u', mid: 1, ...record } as Merchant]),
  ['example (Private Limited, bank saved)', merchantExample as unknown as unknown as Merchant],
  ['filing status Individual, names differ', { ...(merchantExample as object), business_filing_status: 'Individual', business_name: 'NIMBUS TRADERS', pancard_name: 'ANANYA SHARMA' } as unknown as Merchant],
  ['filing status Individual, names equal', { ...(merchantExample as object), business_filing_status: 'Individual', business_name: 'ANANYA SHARMA', pancard_name: 'ANANYA SHARMA' } as unknown as Merchant],
  ['migrated money-product merchant with a PAN', { ...(merchantExample as object), product: 'PayUmoney' } as unknown as Merchant],
  ['sole proprietorship without business name', { ...(merchantExample as object), business_entity_id: 3, business_name: null, bank_detail: null } as unknown as Merchant],
  ['entity outside the bank form (HUF)', { ...(merchantExample as object), business_entity_id: 2 } as unknown as Merchant],
];

/** The per-field options the merchant sees: title, help and read-only, or only that it is hidden. */
function visibleOptions(uiSchema: Data): Data {
  return Object.fromEntries(
    Object.entries(uiSchema)
      .filter(([field]) => !field.startsWith('ui:') && field !== '$context')
      .map(([field, options]) => {
        const { 'ui:title': title, 'ui:help': help, 'ui:readonly': readonly, 'ui:widget': widget } = options as Data;
        return [field, widget === 'hidden' ? { hidden: true } : { title, help, readonly: readonly === true, hidden: false }];
      }),
  );
}

describe('the bank-details step definition', () => {
  it('is a valid step definition', () => {
    expect(() => assertStepDefinition(createAjv(), stepDefinitions['bank-details'], 'bank-details.step.json')).not.toThrow();
  });

  describe.each(merchants)('agrees with the hand-written bank form for %s', (_name, merchant) => {
    const initial = step.initialDataOf(merchant as Data);

    it('starts from the same data', () => {
      expect(initial).toEqual(bankFormDataOf(merchant));
    });

    it.each([undefined, 1, 3, 4, 6, 7, 9])('shows the same labels, hints, read-only and hidden fields for entity %s', (entity) => {
      const data = entity === undefined ? initial : { ...initial, business_registered: entity !== 1, business_entity_id: entity };
      expect(visibleOptions(step.uiSchemaFor(data, merchant as Data))).toEqual(visibleOptions(bankFormFor(data, merchant).uiSchema));
    });

    it.each([
      ['answering No', { business_registered: false }],
      ['choosing a sole proprietorship', { business_registered: true, business_entity_id: 3, business_name: 'NEW NAME TRADERS' }],
      ['choosing a private limited company', { business_registered: true, business_entity_id: 6, pancard_name: 'NEW PAN NAME' }],
    ])('derives the same data after %s', (_change, change) => {
      const previous = { ...initial, business_registered: true };
      const next = { ...previous, ...change };
      const expected = adjustBankData(next, previous, initial);
      const derived = step.derive(next, merchant as Data, previous);
      expect(derived.business_entity_id).toEqual(expected.business_entity_id);
      expect(derived.holder_name).toEqual(expected.holder_name);
    });
  });
});
