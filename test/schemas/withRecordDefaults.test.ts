import { describe, expect, it } from 'vitest';
import { createAjv } from '../../schemas/ajv';
import { businessEntities, merchantRecord } from '../../schemas/registry';
import { withRecordDefaults } from '../../schemas/withRecordDefaults';
import legacyNewMerchant from '../fixtures/legacy/_bases/new-merchant.json';
import legacyExample from '../fixtures/legacy/_bases/merchant.example.json';

const validate = createAjv().getSchema(merchantRecord.$id as string)!;
const properties = merchantRecord.properties as Record<string, Record<string, unknown>>;

describe('schemas/records/merchant.json', () => {
  it('requires only what identifies a record, and gives every other key a default', () => {
    expect(merchantRecord.required).toEqual(['uuid', 'mid', 'product']);
    const withoutDefault = Object.keys(properties).filter((key) => !('default' in properties[key]!));
    expect(withoutDefault).toEqual(['uuid', 'mid', 'product']);
  });

  it('names the business entities of schemas/master/business-entities.json', () => {
    expect(merchantRecord.$defs.entityName.enum).toEqual(businessEntities.business_entities.map((entity) => entity.name));
  });

  it('accepts each default as a value of its key', () => {
    const defaults = Object.fromEntries(Object.entries(properties).flatMap(([key, property]) => ('default' in property ? [[key, property.default]] : [])));
    expect(validate({ uuid: legacyExample.uuid, mid: 1, product: 'PayUbiz', ...defaults }), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a key neither it nor a step definition stores', () => {
    expect(validate({ ...withRecordDefaults(legacyExample), nominee: null })).toBe(false);
    expect(validate.errors?.map((error) => error.keyword)).toContain('unevaluatedProperties');
  });
});

describe('withRecordDefaults()', () => {
  it('fills in the keys added since a record was stored (commit 2b2bd22), which then matches the schema', () => {
    expect('gst_addendum_status' in legacyExample).toBe(false);
    const record = withRecordDefaults(legacyExample);
    expect(record).toMatchObject({ gst_addendum_status: null, address_addendum_status: null, settlement_hold_until: null });
    expect(record.bank_detail).toMatchObject({ bank_verification_proof_file_id: null, bank_verification_remarks: null });
    expect(record.website_detail).toMatchObject({ liveliness_status: null });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
  });

  it('keeps every value a record holds, null included, and leaves the record given unchanged', () => {
    const stored = { ...legacyNewMerchant, gst_addendum_status: 'pending', bank_update_attempt_left: null };
    const before = structuredClone(stored);
    const record = withRecordDefaults(stored);
    expect(record).toMatchObject(before);
    expect(record.bank_update_attempt_left).toBeNull();
    expect(stored).toEqual(before);
  });

  it('makes a record of the identifying keys alone the record of a merchant who has just signed up', () => {
    const record = withRecordDefaults({ uuid: legacyNewMerchant.uuid, mid: legacyNewMerchant.mid, product: 'PayUbiz' });
    expect(record).toMatchObject({ pancard_number: null, ultimate_beneficiaries: [], integration_type: 'NOT_SELECTED', bank_update_attempt_left: 3 });
    expect(validate(record), JSON.stringify(validate.errors)).toBe(true);
  });

  it('gives each record its own copy of a default list or object', () => {
    const first = withRecordDefaults({ uuid: legacyNewMerchant.uuid, mid: 1, product: 'PayUbiz' });
    const second = withRecordDefaults({ uuid: legacyNewMerchant.uuid, mid: 2, product: 'PayUbiz' });
    expect(first.merchant_statuses).not.toBe(second.merchant_statuses);
    expect(first.product_account_detail).not.toBe(second.product_account_detail);
  });
});
