import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../schemas/ajv';
import { assertStepDefinition } from '../../../rules/steps/assertStepDefinition';
import { compileDefinition } from '../../../rules/steps/compileDefinition';
import { checkStepBody } from '../../../server/merchants/checkStepBody';
import { ApiError } from '../../../server/errors';

/** A step that exists only as JSON files in a test folder: no TypeScript was written for it. */
const folder = 'test/fixtures/_steps/shop-licence';
const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Record<string, unknown>;
const ajv = createAjv();
ajv.addSchema(read('shop-licence.json'));
const definition = read('shop-licence.step.json');
assertStepDefinition(ajv, definition, 'shop-licence.step.json');
const step = compileDefinition(definition, read('master.json'));

const partnership = { uuid: 'a1b2c3d4-0000-4000-8000-000000000001', business_entity_id: 4, business_name: 'SHARMA AND ASSOCIATES' };
const company = { ...partnership, business_entity_id: 6, business_name: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED', shop_licence: { licence_number: 'MH-123', pincode: '400001', city: 'Mumbai' } };

function refusal(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, ...error.body };
    throw error;
  }
  return 'accepted';
}

describe('a new step added as data alone (test/fixtures/_steps/shop-licence)', () => {
  it('starts from the record, with the derived licence holder', () => {
    expect(step.initialDataOf(company)).toEqual({
      licence_number: 'MH-123',
      pincode: '400001',
      city: 'Mumbai',
      licence_holder: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED',
      $context: { entity: 6, business_name: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED' },
    });
  });

  it('shows the entity-specific field and description only to the entity they are for', () => {
    const forPartnership = step.uiSchemaFor(step.initialDataOf(partnership), partnership);
    const forCompany = step.uiSchemaFor(step.initialDataOf(company), company);
    expect(forPartnership.issuing_authority).toEqual({ 'ui:title': 'business.name.label' });
    expect(forPartnership.licence_number).toEqual({ 'ui:title': 'business.shop.label', 'ui:description': 'business.shop.label' });
    expect(forCompany.issuing_authority).toEqual({ 'ui:title': 'business.name.label', 'ui:widget': 'hidden' });
    expect(forCompany.licence_number).toEqual({ 'ui:title': 'business.shop.label' });
  });

  it('looks the city up when a complete pincode is typed, and fills it from the answer', () => {
    const before = step.initialDataOf(partnership);
    expect(step.lookupsFor(before, { ...before, pincode: '5600' }, partnership)).toEqual([]);
    const [lookup] = step.lookupsFor(before, { ...before, pincode: '560001' }, partnership);
    expect(lookup).toMatchObject({ field: 'pincode', method: 'GET', path: '/api/v1/pincode_details/560001' });
    expect(lookup!.fill({ pincode_detail: { city: 'Bengaluru', state: 'Karnataka' } })).toEqual({ city: 'Bengaluru' });
  });

  it('submits its fields flat, without $context, as the one kind of PUT /merchants body its schema allows', () => {
    const data = { ...step.initialDataOf(company), licence_number: 'MH-456' };
    expect(step.submitRequestFor(data, company)).toEqual({
      method: 'PUT',
      path: `/api/v1/merchants/${company.uuid}`,
      body: { merchant: { licence_number: 'MH-456', pincode: '400001', city: 'Mumbai', licence_holder: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED' } },
    });
  });

  it('is stored where its submit.store says: the licence nested under shop_licence, the rest of the record as it was', () => {
    const data = { licence_number: 'MH-456', pincode: '400001', city: 'Mumbai', licence_holder: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED', $context: step.contextOf(company) };
    const stored = step.storedRecordOf(data, company);
    expect(stored).toEqual({ ...company, shop_licence: { licence_number: 'MH-456', pincode: '400001', city: 'Mumbai', licence_holder: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED' } });
  });

  it('is checked on the server by the same definition: schema with the context from the record, then the derived holder', () => {
    const body = { licence_number: 'PUN-77', pincode: '411001', city: 'Pune', licence_holder: 'Sharma and Associates' };
    expect(refusal(() => checkStepBody(ajv, step, partnership, body))).toEqual({
      status: 422,
      errors: { issuing_authority: ['This field cannot be left blank'] },
    });
    expect(refusal(() => checkStepBody(ajv, step, partnership, { ...body, issuing_authority: 'Pune Municipal Corporation', licence_holder: 'SOMEONE ELSE' }))).toEqual({
      status: 422,
      errors: { licence_holder: ['Account holder name should match the business name'] },
    });
    expect(refusal(() => checkStepBody(ajv, step, partnership, { ...body, issuing_authority: 'Pune Municipal Corporation', $context: { entity: 6 } }))).toBe('accepted');
    expect(refusal(() => checkStepBody(ajv, step, company, { ...body, pincode: '0411' }))).toEqual({ status: 422, errors: { pincode: [expect.any(String)] } });
  });
});
