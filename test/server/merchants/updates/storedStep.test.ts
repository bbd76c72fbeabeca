import { describe, expect, it } from 'vitest';
import { compileDefinition } from '../../../../rules/steps/compileDefinition';
import type { StepDefinition } from '../../../../rules/steps/types';
import { masterTables } from '../../../../schemas/stepCatalogue';
import { storedStepUpdate } from '../../../../server/merchants/updates/storedStep';
import type { MerchantRecord } from '../../../../server/merchants/store';
import newMerchant from '../../../fixtures/_bases/new-merchant.json';

/** A simple step as data: the nominee of an Individual, stored flat and nested, one value derived from the record. */
const NOMINEE: StepDefinition = {
  id: 'nominee-details',
  schema: 'https://onboarding.local/schemas/steps/nominee-details.json',
  uiSchema: {},
  initial: {},
  submit: {
    method: 'PUT',
    path: '/api/v1/merchants/{merchant.uuid}',
    body: { merchant: { var: 'data' } },
    problemDefault: 'business.submitFailed',
    store: {
      nominee: { pick: [{ var: 'data' }, 'name', 'relation'] },
      'product_account_detail.nominee_dob': { var: 'data.dob' },
      nominee_of: { var: 'merchant.pancard_number' },
    },
  },
} as unknown as StepDefinition;

describe('storedStepUpdate()', () => {
  const update = storedStepUpdate(compileDefinition(NOMINEE, masterTables));
  const record = { ...newMerchant, pancard_number: 'ABCPK1234F', product_account_detail: { dob: '1990-01-31', pep: false } } as unknown as MerchantRecord;

  it('stores the data where the definition says, nested paths inside what the record holds, and leaves the rest', async () => {
    const data = await update.prepare({ name: 'Asha Rao', relation: 'Spouse', dob: '1992-04-01' }, {} as never);
    const stored = update.apply(record, data);
    expect(stored.nominee).toEqual({ name: 'Asha Rao', relation: 'Spouse' });
    expect(stored.product_account_detail).toEqual({ dob: '1990-01-31', pep: false, nominee_dob: '1992-04-01' });
    expect(stored.nominee_of).toBe('ABCPK1234F');
    expect({ ...stored, nominee: undefined, product_account_detail: undefined, nominee_of: undefined }).toEqual({ ...record, product_account_detail: undefined });
    expect(record.nominee).toBeUndefined();
  });

  it('stores null for a value the data does not have', () => {
    expect(update.apply(record, { name: 'Asha Rao', relation: 'Spouse' }).product_account_detail).toEqual({ dob: '1990-01-31', pep: false, nominee_dob: null });
  });

  it('is the update of its step, named by it', () => {
    expect({ step: update.step, name: update.name }).toEqual({ step: 'nominee-details', name: 'nominee-details' });
  });

  it('refuses a definition whose data does not go to PUT /merchants/{uuid}', () => {
    const posted = { ...NOMINEE, submit: { ...NOMINEE.submit!, method: 'POST', path: '/api/v1/merchants/{merchant.uuid}/nominees' } } as StepDefinition;
    expect(() => storedStepUpdate(compileDefinition(posted, masterTables))).toThrow(/submit\.store is for a step submitted by PUT/);
  });
});
