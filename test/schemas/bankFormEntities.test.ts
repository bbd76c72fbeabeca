import { describe, expect, it } from 'vitest';
import bankFormEntities from '../../schemas/master/bank-form-entities.json';
import { stepForms } from '../../schemas/registry';

describe('schemas/master/bank-form-entities.json', () => {
  it('names as the unregistered entity the one the bank-details schema forces for the answer No', () => {
    expect(JSON.stringify(stepForms['bank-details']!.schema)).toContain(`"business_entity_id":{"const":${bankFormEntities.unregistered_entity_id},`);
  });
});
