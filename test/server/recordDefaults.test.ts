import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockedRecord, saveRecord, type MerchantRecord } from '../../server/merchants/store';
import { withRecordDefaults } from '../../schemas/withRecordDefaults';
import legacyExample from '../fixtures/legacy/_bases/merchant.example.json';
import legacyNewMerchant from '../fixtures/legacy/_bases/new-merchant.json';
import { call, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
let token: string;
let uuid: string;

const migration = readFileSync(new URL('../../server/db/migrations/025_record_defaults.sql', import.meta.url), 'utf8');

/** Stores a record as a row written before the record's later keys existed. */
const storeAsOfOld = (record: object) => t.db.query('update merchants set record = $2 where uuid = $1', [uuid, JSON.stringify({ ...record, uuid })]);
const storedRow = async () => (await t.db.query<{ record: Record<string, unknown> }>('select record from merchants where uuid = $1', [uuid]))[0]!.record;

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'record.defaults@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());

describe('a merchant record stored before its later keys existed', () => {
  it('is read with the schema defaults of the keys it lacks', async () => {
    await storeAsOfOld(legacyExample);
    expect(await storedRow()).not.toHaveProperty('gst_addendum_status');
    const record = await t.db.transaction((tx) => lockedRecord(tx, uuid));
    expect(record).toEqual(withRecordDefaults({ ...legacyExample, uuid }));
    const answered = (await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant;
    expect(answered).toMatchObject({ gst_addendum_status: null, address_addendum_status: null, pancard_number: legacyExample.pancard_number });
  });

  it('is back-filled by migration 025 with exactly the schema defaults, its own values kept', async () => {
    for (const old of [legacyExample, legacyNewMerchant]) {
      await storeAsOfOld(old);
      await t.db.exec(migration);
      expect(await storedRow()).toEqual(withRecordDefaults({ ...old, uuid }));
    }
  });

  it('is stored whole when it is saved, so SQL reading a JSON path finds every key', async () => {
    const [user] = await t.db.query<{ id: string }>('select id from users where email = $1', ['record.defaults@example.com']);
    // A record as code written before the later keys existed builds it: without them.
    const old = { ...legacyNewMerchant, uuid, pancard_name: 'RAVI KUMAR' } as unknown as MerchantRecord;
    await t.db.transaction((tx) => saveRecord(tx, old, user!.id, 'test.saved', {}));
    const [row] = await t.db.query<{ status: string | null; held: boolean }>(
      `select record ->> 'gst_addendum_status' as status, record ? 'gst_addendum_status' as held from merchants where uuid = $1`,
      [uuid],
    );
    expect(row).toEqual({ status: null, held: true });
    expect(await storedRow()).toEqual(withRecordDefaults({ ...legacyNewMerchant, uuid, pancard_name: 'RAVI KUMAR' }));
  });
});
