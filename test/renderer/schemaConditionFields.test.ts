import { schemaConditionFields } from '../../renderer/schemaConditionFields';
import { stepForms } from '../../schemas/registry';

describe('schemaConditionFields()', () => {
  it('names the fields the PAN step conditions look at, and no other', () => {
    const fields = schemaConditionFields(stepForms['pan-details']!.schema);

    expect(fields.has('business_entity_id')).toBe(true);
    expect(fields.has('pancard_number')).toBe(false);
  });

  it('names the fields of dependencies and of alternatives that are not a select', () => {
    const fields = schemaConditionFields({
      type: 'object',
      properties: {
        card: { type: 'string' },
        choice: { oneOf: [{ const: 1, title: 'One' }, { const: 2, title: 'Two' }] },
        contact: { anyOf: [{ type: 'string' }, { type: 'object', properties: { phone: { type: 'string' } } }] },
      },
      dependencies: { card: { required: ['billing'] } },
    });

    expect([...fields].sort()).toEqual(['billing', 'card', 'contact', 'phone']);
  });

  it('finds none in a schema without conditions', () => {
    expect(schemaConditionFields({ type: 'object', properties: { a: { type: 'string' } } }).size).toBe(0);
  });
});
