import { describe, expect, it } from 'vitest';
import { definitionErrors } from '../../../rules/fixtures/definitions';
import { compiledStep } from '../../../rules/steps/compiledSteps';
import { createAjv } from '../../../schemas/ajv';
import { message } from '../../../schemas/messages';
import { businessEntities } from '../../../schemas/registry';
import { checkStepBody } from '../../../server/merchants/checkStepBody';
import { ApiError } from '../../../server/errors';

const ajv = createAjv();
const step = compiledStep('pan-details')!;
/** A merchant who has not saved a PAN yet. */
const merchant = {};
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/** The fourth letters the pan definition accepts: the holder types. */
const HOLDER_TYPES = LETTERS.filter((letter) => definitionErrors(ajv, 'pan', `AAA${letter}K1234M`).length === 0);
const ENTITY_IDS = businessEntities.business_entities.map((entity) => entity.id);
/** The entity whose PAN body also carries a date of birth (schemas/steps/pan-details.json's if/then): the Individual. */
const WITH_DOB = 1;

/** The entities the PAN form offers for a PAN (its choices). */
function offered(pan: string): number[] {
  const choices = step.uiSchemaFor({ pancard_number: pan }, merchant).business_entity_id as { 'ui:choices': Array<{ value: number }> };
  return choices['ui:choices'].map((choice) => choice.value);
}

/** The entities the server takes with the PAN (checkStepBody, as PUT /merchants/{uuid} checks the PAN step's body). */
function accepted(pan: string): number[] {
  return ENTITY_IDS.filter((id) => {
    try {
      checkStepBody(ajv, step, merchant, { pancard_number: pan, business_entity_id: id, ...(id === WITH_DOB ? { dob: '1990-01-01' } : {}) });
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      expect(error.body).toEqual({ errors: { business_entity_id: [message('validation.entityNotForPan')] } });
      return false;
    }
  });
}

describe('the entities a PAN allows', () => {
  it('are known for more than one holder type', () => {
    expect(HOLDER_TYPES.length).toBeGreaterThan(1);
  });

  it.each(HOLDER_TYPES)('holder type %s: the server takes the entities the form offers, and no other', (letter) => {
    const pan = `AAA${letter}K1234M`;
    expect(offered(pan).length).toBeGreaterThan(0);
    expect(accepted(pan)).toEqual(offered(pan));
  });

  it('refuses an entity the table does not have as unknown', () => {
    expect(() => checkStepBody(ajv, step, merchant, { pancard_number: 'AAACK1234M', business_entity_id: 99 })).toThrow(
      expect.objectContaining({ body: { errors: { business_entity_id: [message('validation.unknownEntity')] } } }),
    );
  });
});
