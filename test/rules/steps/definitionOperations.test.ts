import { findBy } from '../../../rules/operations';
import { compileDefinition } from '../../../rules/steps/compileDefinition';
import { definitionOperations, pick, uiPatch } from '../../../rules/steps/definitionOperations';
import type { StepDefinition, SubmitRule } from '../../../rules/steps/types';

// The operations a step definition may use, each with the example docs/step-definitions.md gives it.
describe('definitionOperations', () => {
  it('is the documented set: 14 operations (2 of the rules, 12 of the definitions), each one used by shipped data', () => {
    expect(Object.keys(definitionOperations).sort()).toEqual(
      ['assign', 'equal', 'findBy', 'get', 'join', 'matches', 'options', 'pick', 'test', 'text', 'uiPatch', 'upper', 'whereIn', 'without'].sort(),
    );
  });
});

describe('uiPatch()', () => {
  it('gives each field its own value from a map (labels per entity)', () => {
    expect(uiPatch({ pancard_name: 'bank.label.companyPanName' }, 'ui:title')).toEqual({ pancard_name: { 'ui:title': 'bank.label.companyPanName' } });
  });

  it('gives every field of a list the same value (read-only entity fields)', () => {
    expect(uiPatch(['business_name', 'pancard_number'], 'ui:readonly', true)).toEqual({
      business_name: { 'ui:readonly': true },
      pancard_number: { 'ui:readonly': true },
    });
  });

  it('is no patch for anything else', () => {
    expect(uiPatch(null, 'ui:title')).toEqual({});
    expect(uiPatch('business_name', 'ui:title')).toEqual({});
  });
});

describe('findBy()', () => {
  const titles = [
    { title: 'Partner', entities: ['Partnership', 'LLP'] },
    { title: 'Director', entities: ['Private Limited'] },
  ];

  it('finds the row whose list holds the value (the signatory title of an entity)', () => {
    expect(findBy(titles, 'entities', 'LLP')).toEqual(titles[0]);
    expect(findBy(titles, 'entities', 'Individual')).toBeNull();
  });

  it('finds nothing for a missing value', () => {
    expect(findBy(titles, 'entities', undefined)).toBeNull();
  });
});

describe('pick()', () => {
  it('keeps an id only for a saved item: {} when the item has none, null when there is no item', () => {
    expect(pick({ id: 7, name: 'x' }, 'id')).toEqual({ id: 7 });
    expect(pick({ id: null }, 'id')).toEqual({});
    expect(pick(undefined, 'id')).toBeNull();
  });
});

describe('submit.then', () => {
  const definition = (then: SubmitRule['then']): StepDefinition => ({
    id: 'then-check',
    schema: 'https://onboarding.local/schemas/test/then-check.json',
    uiSchema: {},
    initial: {},
    submit: { method: 'PUT', path: '/api/v1/merchants/{merchant.uuid}', body: { var: 'data' }, problemDefault: 'error.generic', ...(then === undefined ? {} : { then }) },
  });

  it('opens the next step by default, and stays for then: stay', () => {
    expect(compileDefinition(definition(undefined), {}).staysAfter({})).toBe(false);
    expect(compileDefinition(definition('stay'), {}).staysAfter({})).toBe(true);
  });

  it('chooses by an expression over the answered record (stay while an addendum waits)', () => {
    const compiled = compileDefinition(definition({ if: [{ '===': [{ var: 'answer.address_addendum_status' }, 'pending'] }, 'stay', 'next'] }), {});
    expect(compiled.staysAfter({ address_addendum_status: 'pending' })).toBe(true);
    expect(compiled.staysAfter({ address_addendum_status: null })).toBe(false);
  });
});
