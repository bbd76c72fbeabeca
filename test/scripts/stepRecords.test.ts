import { describe, expect, it } from 'vitest';
import { AJV_CONFIG, AjvClass, extendAjv } from '../../schemas/ajv';
import { allSchemas, merchantRecord } from '../../schemas/registry';
import { withSchemaDefaults } from '../../schemas/withSchemaDefaults';
import { STEP_RECORDS_ID, stepRecordsSchema, type StepFiles } from '../../scripts/generateSources';
import shippedStepRecords from '../../schemas/generated/step-records.json';
import legacyExample from '../fixtures/legacy/_bases/merchant.example.json';

/** A step no shipped definition is: nominee details, stored on the record by its definition alone. */
const nomineeSchema = {
  $id: 'https://onboarding.local/schemas/test/nominee-details.json',
  type: 'object',
  required: ['name', 'relation'],
  properties: {
    $context: { type: 'object' },
    name: { $ref: '../definitions.json#/$defs/nameGeneric' },
    relation: { enum: ['Spouse', 'Child', 'Parent'] },
    dob: { type: 'string', format: 'date' },
  },
};
const nomineeStep = (store: Record<string, unknown>): StepFiles => ({
  definitionFile: 'nominee-details.step.json',
  definition: { id: 'nominee-details', schema: nomineeSchema.$id, submit: { method: 'PUT', path: '/api/v1/merchants/{merchant.uuid}', body: {}, store } },
  schemaFile: 'nominee-details.json',
  schema: nomineeSchema,
});
const recordKeys = new Set(Object.keys(merchantRecord.properties as object));
const nomineeRecords = stepRecordsSchema(
  [nomineeStep({ 'nominee.name': { var: 'data.name' }, 'nominee.relation': { var: 'data.relation' }, dob: { var: 'data.dob' }, pancard_name: { var: 'merchant.pancard_name' } })],
  recordKeys,
);

/** An Ajv of the shipped schemas with the scratch step's records in place of the shipped ones. */
function validatorWith(stepRecords: Record<string, unknown>) {
  const ajv = extendAjv(new AjvClass(AJV_CONFIG), { serverChecks: true });
  for (const schema of allSchemas) ajv.addSchema(schema.$id === STEP_RECORDS_ID ? stepRecords : schema);
  return ajv.getSchema(merchantRecord.$id as string)!;
}

describe('stepRecordsSchema()', () => {
  it('is empty while no shipped step definition stores a key of its own', () => {
    expect(shippedStepRecords).toMatchObject({ $id: STEP_RECORDS_ID, properties: {} });
  });

  it('admits each key a step stores with the schema of the field of its name, nullable with default null', () => {
    expect(nomineeRecords.properties).toEqual({
      nominee: {
        type: ['object', 'null'],
        additionalProperties: false,
        default: null,
        properties: {
          name: { anyOf: [{ type: 'null' }, { $ref: 'https://onboarding.local/schemas/definitions.json#/$defs/nameGeneric' }], default: null },
          relation: { anyOf: [{ type: 'null' }, { enum: ['Spouse', 'Child', 'Parent'] }], default: null },
        },
      },
      dob: { anyOf: [{ type: 'null' }, { type: 'string', format: 'date' }], default: null },
    });
  });

  it('lets the record schema accept what the step stores, and refuse what it does not', () => {
    const validate = validatorWith(nomineeRecords);
    const record = withSchemaDefaults({ ...legacyExample }, merchantRecord, allSchemas.map((schema) => (schema.$id === STEP_RECORDS_ID ? nomineeRecords : schema)));
    expect(record).toMatchObject({ nominee: null, dob: null, gst_addendum_status: null });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...record, nominee: { name: 'Asha Rao', relation: 'Spouse' }, dob: '1990-04-01' }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...record, nominee: { name: 'Asha Rao', relation: 'Cousin' } })).toBe(false);
    expect(validate({ ...record, nominee: { name: 'Asha Rao', age: 30 } })).toBe(false);
    expect(validate({ ...record, dob: 19900401 })).toBe(false);
    expect(validate({ ...record, nominee_name: 'Asha Rao' })).toBe(false);
  });

  it('refuses a stored path named after no field of the step, and a key two steps store differently', () => {
    expect(() => stepRecordsSchema([nomineeStep({ nominee: { var: 'data' } })], recordKeys)).toThrow(/has no field nominee/);
    const relation = nomineeStep({ relation: { var: 'data.relation' } });
    const other = { ...relation, schema: { ...nomineeSchema, properties: { relation: { type: 'string' } } } };
    expect(() => stepRecordsSchema([relation, other], recordKeys)).toThrow(/different schema/);
  });
});
