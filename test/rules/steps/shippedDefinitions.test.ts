import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import journey from '../../../schemas/steps/journey.json';
import { createAjv } from '../../../schemas/ajv';
import { isMessageKey } from '../../../schemas/messages';
import { allSchemas, masterTables, stepDefinitions } from '../../../schemas/registry';
import { assertStepDefinition } from '../../../rules/steps/assertStepDefinition';
import { compiledStep } from '../../../rules/steps/compiledSteps';
import { stepComponents, stepDialogs } from '../../../src/features/onboarding/stepComponents';
import { loadStepFormTexts } from '../../../schemas/stepFormTexts';
import { loadComponentTexts } from '../../../src/features/onboarding/components/componentTexts';
import { loadDocumentTexts } from '../../../src/features/documents/documentTexts';

// The catalogues a step's screen may draw its texts from, loaded here as the screen's components load them when they
// render: the forms' texts, the step components' and the documents'.
loadStepFormTexts();
loadComponentTexts();
loadDocumentTexts();

const ajv = createAjv();
const files = readdirSync('schemas/steps').filter((name) => name.endsWith('.step.json'));
const journeySteps = journey.groups.flatMap((group) => group.steps.map((step) => step.id));
/** Forms a step's component opens in a dialog, not steps of their own (the service agreement's details, the GST number update). */
const DIALOG_FORMS = ['agreement-details', 'gst-update'];

/** Every string a uiSchema shows as text: titles, help, placeholders, descriptions, option names, the submit text. */
function shownTexts(uiSchema: unknown): string[] {
  if (Array.isArray(uiSchema)) return uiSchema.flatMap(shownTexts);
  if (typeof uiSchema !== 'object' || uiSchema === null) return [];
  return Object.entries(uiSchema).flatMap(([key, value]) => {
    if (['ui:title', 'ui:help', 'ui:placeholder', 'ui:description', 'ui:readonlyMessage', 'ui:suggestionsLabel', 'submitText'].includes(key) && typeof value === 'string') return [value];
    if (key === 'ui:enumNames' && Array.isArray(value)) return value.map(String);
    return shownTexts(value);
  });
}

describe('the shipped step definitions (schemas/steps/*.step.json)', () => {
  it('are all registered, one per file, for steps of the journey or the dialogs of their components', () => {
    expect(Object.keys(stepDefinitions).sort()).toEqual(files.map((name) => name.replace('.step.json', '')).sort());
    for (const stepId of Object.keys(stepDefinitions)) expect([...journeySteps, ...DIALOG_FORMS]).toContain(stepId);
  });

  describe.each(Object.entries(stepDefinitions))('%s', (stepId, definition) => {
    it('follows the format of schemas/steps/step-definition.json and names its own id', () => {
      assertStepDefinition(ajv, definition, `${stepId}.step.json`);
      expect(definition.id).toBe(stepId);
    });

    it('compiles, with a registered schema and master tables, and registered components and dialogs', () => {
      const step = compiledStep(stepId)!;
      expect(allSchemas.map((schema) => schema.$id)).toContain(step.definition.schema);
      for (const name of step.definition.master ?? []) expect(masterTables).toHaveProperty(name);
      for (const name of step.definition.components ?? []) expect(stepComponents).toHaveProperty(name);
      if (step.definition.submit?.confirm) expect(stepDialogs).toHaveProperty(step.definition.submit.confirm);
    });

    it('shows only texts of the message catalogue', () => {
      const step = compiledStep(stepId)!;
      const { submit } = step.definition;
      const uiRulePatches = (step.definition.uiRules ?? []).map((rule) => rule.patch ?? rule.patchFrom);
      const lookupTexts = (step.definition.lookups ?? []).flatMap((lookup) => [lookup.busy, lookup.failed].filter((key) => key !== undefined));
      const keys = [...shownTexts(step.definition.uiSchema), ...shownTexts(uiRulePatches), ...lookupTexts, ...(submit ? [submit.problemDefault, submit.busyMessage ?? 'onboarding.save'] : [])];
      for (const key of keys) expect(isMessageKey(key), key).toBe(true);
    });
  });

  it('names a journey step as the one the move after bank verification starts from', () => {
    const steps = journey.groups.flatMap((group) => group.steps.map((step) => step.id));
    expect(steps).toContain(journey.bankVerifiedRedirectFrom);
  });
});
