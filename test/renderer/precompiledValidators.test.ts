import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { validators as serverValidators } from 'virtual:precompiled-validators/server';
import { getByPath } from '@rjsf/utils';
import { createValidator, type FieldValidator } from '../../renderer/createValidator';
import { withValueAt } from '../../rules/withValueAt';
import { renderableSchema } from '../../renderer/renderableSchema';
import { schemaConditionFields } from '../../renderer/schemaConditionFields';
import { loadAllStepValidators } from '../../renderer/stepValidators';
import { applyContext } from '../../rules/fixtures/applyContext';
import { definitionRef } from '../../rules/fixtures/definitions';
import { createFixtureEnvironment, precompiledValidators } from '../../rules/fixtures/environment';
import { collectFixtureFiles, loadFixtureFile, runFixturePaths } from '../../rules/fixtures/files';
import { formatResult } from '../../rules/fixtures/report';
import type { DefinitionFixture, ValidationFixture } from '../../rules/fixtures/types';
import { createAjv } from '../../schemas/ajv';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { catalogueFor } from '../../schemas/messages';
import { browserForms, businessEntities, shippedForms, stepForms } from '../../schemas/registry';
import type { JsonSchema } from '../../schemas/types';
import documentsMatrix from '../../rules/documents.json';
import { runtimeValidator } from './runtimeValidator';

const stepValidators = await loadAllStepValidators();
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const runtimeEnvironment = createFixtureEnvironment();
const fixtures = collectFixtureFiles([path.join(FIXTURES, 'validation')]).flatMap((file) => loadFixtureFile(file, runtimeEnvironment));
const stepFixtures = fixtures.filter((fixture): fixture is ValidationFixture => 'kind' in fixture && fixture.kind === 'validation' && !('ok' in fixture));
const definitionFixtures = fixtures.filter((fixture): fixture is DefinitionFixture => 'kind' in fixture && fixture.kind === 'definition' && !('ok' in fixture));

/** Form data no fixture covers (the bank form has none yet), to compare the validators on every step. */
const EXTRA_DATA: Record<string, unknown[]> = {
  'pan-details': [
    { pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '1990-02-31' },
    { pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: 19900201 },
  ],
  'bank-details': [
    { business_registered: false, business_entity_id: 1, pancard_name: 'Asha Rao', holder_name: 'Asha Rao', bank_account_number: '50100234567890', ifsc_code: 'HDFC0000001' },
    { business_registered: false, business_entity_id: 6, business_name: 'Rao Traders', pancard_name: 'Asha Rao', holder_name: 'x', bank_account_number: '', ifsc_code: 'HDFC000' },
    { business_registered: true, business_entity_id: 6, pancard_name: 'Rao Traders Pvt Ltd', holder_name: 'Rao Traders Pvt Ltd', bank_account_number: '5010-0234', ifsc_code: 'ABCD0123456' },
    { business_registered: true, business_entity_id: 2, pancard_number: 'abc', holder_name: 'Asha', $context: { holder_name_choices: ['Asha Rao', 'Rao Traders'] } },
    { business_registered: true, business_entity_id: 3, business_name: 'Rao Traders', pancard_name: 'Asha Rao', pancard_number: 'ABCPR1234F', holder_name: 'Rao Traders', bank_account_number: '50100234567890', ifsc_code: 'HDFC0000001', $context: { business_filing_status: 'Individual', holder_name_choices: ['Asha Rao', 'Rao Traders'] } },
    { business_registered: 'yes', unexpected: true },
  ],
  'additional-documents': [{ unexpected: true }],
  'service-agreement': [{ unexpected: true }],
  // The operations console's draft of the document matrix: the shipped one, and drafts an editor might leave wrong.
  'requirements-matrix': [
    documentsMatrix,
    { requirements: [{ category: 'pan card', required: 'yes', entities: ['Pirate Ship'], types: ['GST_CERTIFICATE', 'GST_CERTIFICATE'] }] },
    { requirements: [{ required: true, entities: ['Partnership'], when: 'always' }], extra: 1 },
    { requirements: 'none' },
  ],
  // The NOW merchant's display name (schemas/now/display-name.json).
  'display-name': [
    { display_name: "Kiran's Kirana (Pune)" },
    { display_name: 'Ki' },
    { display_name: 'K'.repeat(51) },
    { display_name: ' Kiran -' },
    { display_name: 42 },
    { display_name: 'Kiran Kirana', unexpected: true },
  ],
};

/** The top-level fields of a form's schema. */
const fieldsOf = (schema: JsonSchema) => Object.keys((schema.properties ?? {}) as object).filter((name) => name !== '$context');
/** Whether a schema holds an `if` condition at any depth (rjsf then asks isValid about it). */
const hasCondition = (node: unknown): boolean =>
  typeof node === 'object' && node !== null && (Array.isArray(node) ? node.some(hasCondition) : 'if' in node || Object.values(node).some(hasCondition));

/** Every data a step is compared on: each fixture's (context applied), variants without each field, and EXTRA_DATA. */
function samplesOf(step: string, schema: JsonSchema): unknown[] {
  const fromFixtures = stepFixtures
    .filter((fixture) => fixture.step === step)
    .flatMap((fixture) => {
      const applied = applyContext(schema, fixture.data, fixture.context, businessEntities);
      return 'data' in applied ? [applied.data] : [];
    });
  const withoutOneField = fromFixtures.flatMap((data) =>
    Object.keys(data).map((field) => Object.fromEntries(Object.entries(data).filter(([name]) => name !== field))),
  );
  return [{}, ...fromFixtures, ...withoutOneField, ...(EXTRA_DATA[step] ?? [])];
}

/** Errors as compared: rjsf's processed list and error schema, or Ajv's raw errors (without the ajv-errors bookkeeping flag). */
const comparable = (errors: unknown) => JSON.parse(JSON.stringify(errors, (key, value: unknown) => (key === 'emUsed' ? undefined : value))) as unknown;
/** As {@link comparable}, without the schema path: the browser's definitions are functions of their own (inlineRefs off), so a path inside one starts at the definition. */
const comparableInBrowser = (errors: unknown) =>
  JSON.parse(JSON.stringify(errors, (key, value: unknown) => (key === 'emUsed' || key === 'schemaPath' ? undefined : value))) as unknown;

/** Values of every kind a field may be given while the merchant types (and some no widget gives). */
const ODD_VALUES = [undefined, '', ' ', 'x', 'ABCDE1234F', '0'.repeat(300), 0, -1, 1.5, 10_000_000_000, true, null];

/** What the merchant sees of an error, and where: not the schema path, which differs between the two validators. */
const essentials = (error: ErrorObject) => ({ keyword: error.keyword, instancePath: error.instancePath, message: error.message });

/** The key live validation files an error under (renderer/liveValidation.ts): its instance path, plus a missing property. */
function keyOfError(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string };
  return 'missingProperty' in params ? `${error.instancePath}/${params.missingProperty}` : error.instancePath;
}

describe('the precompiled validators', () => {
  it('cover every step of schemas/registry.ts, and a validation fixture exists for most', () => {
    expect([...stepValidators.keys()].sort()).toEqual(Object.values(browserForms).map(({ schema }) => schema.$id).sort());
    expect(new Set(stepFixtures.map((fixture) => fixture.step)).size).toBeGreaterThanOrEqual(4);
    // The comparisons below are not vacuous: some forms have conditions, and some fields are checked alone.
    expect(Object.values(browserForms).filter(({ schema }) => hasCondition(schema)).length).toBeGreaterThan(1);
    expect([...stepValidators.values()].filter((validator) => Object.keys(validator.fields).length > 0).length).toBeGreaterThan(1);
  });

  describe.each(Object.entries(browserForms))('%s in the browser', (step, { schema }) => {
    const rendered = renderableSchema(shippedForms[step]!.schema);
    const precompiled = createValidator(schema);
    const runtime = runtimeValidator(schema, catalogueFor());
    const samples = samplesOf(step, schema);

    it('gives the errors the runtime Ajv gives on the step schema, in the catalogue\'s words, on every sample', () => {
      expect(samples.length).toBeGreaterThan(1);
      for (const data of samples) {
        const expected = runtime.validateFormData(structuredClone(data), schema as RJSFSchema);
        expect(comparableInBrowser(precompiled.validateFormData(structuredClone(data), rendered)), JSON.stringify(data)).toEqual(comparableInBrowser(expected));
      }
    });

    it('checks each field that can be checked alone as the whole form does (field-level live validation)', () => {
      const fieldKeys = Object.keys(stepValidators.get(schema.$id as string)!.fields);
      // Only fields no condition names are checked alone (a form without fields, its content a component, has none).
      for (const key of fieldKeys) expect(schemaConditionFields(schema).has(key.split('/')[1]!), key).toBe(false);
      const validator = precompiled as unknown as FieldValidator;
      let compared = 0;
      for (const key of fieldKeys) {
        const path = key.split('/').slice(1);
        // Each sample as it is, and with the field set to values of every kind; a field is edited inside its object.
        const variants = samples
          .flatMap((data) => [data, ...ODD_VALUES.map((value) => withValueAt(data, path, value))])
          .filter((data) => path.length === 1 || typeof getByPath(data, path.slice(0, -1)) === 'object');
        for (const data of variants) {
          const whole = (precompiled.rawValidation<ErrorObject>(rendered, structuredClone(data)).errors ?? []).filter((error) => keyOfError(error) === key);
          const alone = validator.validateField(path, getByPath(data, path));
          expect(alone && alone.map(essentials), JSON.stringify({ key, data })).toEqual(whole.map(essentials));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(fieldKeys.length * samples.length);
    });

    it('answers rjsf\'s isValid on each of the step\'s conditions as the runtime Ajv does', () => {
      const conditions = Object.values(rendered.allOf ?? []).map((entry) => (entry as RJSFSchema).if).concat(rendered.if);
      const compiled = conditions.filter((condition): condition is RJSFSchema => typeof condition === 'object');
      if (hasCondition(schema)) expect(compiled.length).toBeGreaterThan(0);
      else expect(compiled).toEqual([]);
      for (const condition of compiled) {
        for (const data of samples) {
          expect(precompiled.isValid(condition, data, rendered), JSON.stringify({ condition, data })).toBe(runtime.isValid(condition, data, rendered));
        }
      }
    });
  });

  describe('on the server side (ifscKnown included)', () => {
    const ajv = createAjv();

    it.each(Object.entries(stepForms))('%s gives Ajv\'s raw errors, ajv-errors messages included', (step, { schema }) => {
      const id = schema.$id as string;
      const expectedValidate = ajv.getSchema(id)!;
      const precompiled = serverValidators[id]!;
      let messages = 0;
      for (const data of samplesOf(step, schema)) {
        const valid = precompiled(data);
        expect(valid, JSON.stringify(data)).toBe(expectedValidate(data));
        expect(comparable(precompiled.errors), JSON.stringify(data)).toEqual(comparable(expectedValidate.errors));
        messages += (precompiled.errors ?? []).filter((error: ErrorObject) => error.keyword === 'errorMessage').length;
      }
      if (fieldsOf(schema).length === 0) expect(messages).toBe(0);
      else expect(messages).toBeGreaterThan(0);
    });

    it('gives every definition fixture the errors the runtime Ajv gives', () => {
      expect(definitionFixtures.length).toBeGreaterThan(50);
      for (const fixture of definitionFixtures) {
        const ref = definitionRef(fixture.definition);
        const expectedValidate = ajv.getSchema(ref)!;
        const precompiled = serverValidators[ref]!;
        expect(precompiled(fixture.value), fixture.name).toBe(expectedValidate(fixture.value));
        expect(toFieldErrors(precompiled.errors), fixture.name).toEqual(toFieldErrors(expectedValidate.errors));
        expect(comparable(precompiled.errors), fixture.name).toEqual(comparable(expectedValidate.errors));
      }
    });

    it('pass every fixture of test/fixtures', () => {
      const results = runFixturePaths([FIXTURES], createFixtureEnvironment(undefined, precompiledValidators(serverValidators)));
      expect(results.length).toBeGreaterThan(200);
      expect(results.filter((result) => !result.ok).map(formatResult)).toEqual([]);
    });
  });
});
