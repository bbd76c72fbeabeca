import { localizeUiSchema } from '../../renderer/localizeUiSchema';
import { catalogueFor } from '../../schemas/messages';
import { stepForms } from '../../schemas/registry';
import { loadStepFormTexts } from '../../schemas/stepFormTexts';

// The forms' texts, as StepForm loads them before it localizes a uiSchema.
loadStepFormTexts();

const panUiSchema = stepForms['pan-details']!.uiSchema;
const en = catalogueFor('en');

describe('localizeUiSchema()', () => {
  it('translates the titles, placeholders and submit text of the PAN step', () => {
    const localized = localizeUiSchema(panUiSchema, en);

    expect(localized).toMatchObject({
      'ui:submitButtonOptions': { submitText: 'Submit' },
      pancard_number: { 'ui:title': 'PAN Number', 'ui:placeholder': 'ABCPE1234F' },
      business_entity_id: { 'ui:title': 'Business Entity' },
      dob: { 'ui:title': 'Date of Birth' },
    });
  });

  it('keeps widget names, field order and other strings that are not catalogue keys', () => {
    const localized = localizeUiSchema(panUiSchema, en);

    expect(localized['ui:order']).toEqual(panUiSchema['ui:order']);
    expect(localized).toMatchObject({
      pancard_number: { 'ui:widget': 'PanInputWidget', 'ui:autocomplete': 'off' },
      dob: { 'ui:widget': 'date' },
    });
  });

  it('translates keys inside arrays and nested fields', () => {
    const uiSchema = {
      bank: { ifsc: { 'ui:help': 'validation.ifsc' } },
      entity: { 'ui:enumNames': ['onboarding.status.todo', 'Other'] },
    };

    expect(localizeUiSchema(uiSchema, en)).toEqual({
      bank: { ifsc: { 'ui:help': 'IFSC code format is invalid' } },
      entity: { 'ui:enumNames': ['To do', 'Other'] },
    });
  });

  it('uses the catalogue it is given', () => {
    const hindi = { 'pan.number.label': 'पैन नंबर' };

    expect(localizeUiSchema(panUiSchema, hindi)).toMatchObject({ pancard_number: { 'ui:title': 'पैन नंबर' } });
  });

  it('does not change the uiSchema it is given', () => {
    const before = JSON.stringify(panUiSchema);
    localizeUiSchema(panUiSchema, en);

    expect(JSON.stringify(panUiSchema)).toBe(before);
  });
});
