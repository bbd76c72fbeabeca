import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { displayNameSuggestions } from '../../server/merchants/displayNameSuggestions';
import type { MerchantRecord } from '../../server/merchants/store';
import { createAjv } from '../../schemas/ajv';
import { call, patchRecord, signInWithOtp, storedState as storedStateOf, testApp, type TestApp } from './testApp';

let t: TestApp;
let token: string;
let uuid: string;

const NOW_MERCHANT = { product: 'PayUnow', name: 'Kiran Rao', business_name: 'Kiran Kirana', pancard_name: 'KIRAN KIRANA STORES PRIVATE LIMITED', display_name: null };

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'display.name@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
});
afterAll(() => t.close());
beforeEach(async () => {
  await patchRecord(t, uuid, NOW_MERCHANT);
  await t.db.query(`update memberships set permissions = '{update_user_profile}' where merchant_uuid = $1`, [uuid]);
});

const fetchNames = (as = token, id = uuid) => call(t, as, 'GET', `/api/v1/merchants/${id}/fetch_display_name`);
const putName = (merchant: Record<string, unknown>, as = token) => call(t, as, 'PUT', `/api/v1/merchants/${uuid}`, { merchant });
const storedState = () => storedStateOf(t, uuid);
const answerShape = createAjv().getSchema('https://onboarding.local/schemas/now/display-name.json#/$defs/suggestions')!;

describe('GET /api/v1/merchants/{id}/fetch_display_name', () => {
  it('suggests the trade name, the PAN name readable and without its legal form, and the merchant name', async () => {
    const response = await fetchNames();
    expect(response.statusCode).toBe(200);
    expect(answerShape(response.json()), JSON.stringify(answerShape.errors)).toBe(true);
    expect(response.json()).toEqual({
      display_name: null,
      suggestions: ['Kiran Kirana', 'Kiran Kirana Stores Private Limited', 'Kiran Kirana Stores', 'Kiran Rao'],
    });
  });

  it('puts the saved display name first, once', async () => {
    await patchRecord(t, uuid, { display_name: 'Kiran Kirana' });
    expect((await fetchNames()).json()).toEqual({ display_name: 'Kiran Kirana', suggestions: ['Kiran Kirana', 'Kiran Kirana Stores Private Limited', 'Kiran Kirana Stores', 'Kiran Rao'] });
  });

  it('answers any member, even one who may not change the profile, and nobody else', async () => {
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    expect((await fetchNames()).statusCode).toBe(200);
    const outsider = await signInWithOtp(t, 'outsider.display@example.com');
    expect((await fetchNames(outsider)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/v1/merchants/${uuid}/fetch_display_name`)).statusCode).toBe(401);
  });
});

describe('displayNameSuggestions()', () => {
  const ajv = createAjv();
  const valid = ajv.getSchema('https://onboarding.local/schemas/now/display-name.json#/properties/display_name')!;
  const isValid = (name: string) => valid(name) === true;
  const record = (fields: Record<string, unknown>) => ({ uuid: 'u', mid: 1, ...fields }) as MerchantRecord;

  it('offers only names the schema accepts: symbols dropped, long names cut at a word, short ones left out', () => {
    const suggestions = displayNameSuggestions(record({ business_name: 'Rao & Sons! @Home', pancard_name: 'AB', name: 'Sunrise '.repeat(8) }), isValid);
    expect(suggestions).toEqual(['Rao & Sons Home', Array(6).fill('Sunrise').join(' ')]);
    for (const name of suggestions) expect(isValid(name)).toBe(true);
  });

  it('gives none for a record without names, and at most five', () => {
    expect(displayNameSuggestions(record({}), isValid)).toEqual([]);
    expect(displayNameSuggestions(record({ display_name: 'One', business_name: 'Two Shop', pancard_name: 'THREE LLP', name: 'Four Rao' }), isValid).length).toBeLessThanOrEqual(5);
  });
});

describe('PUT /api/v1/merchants/{uuid} with the display name', () => {
  it('saves it, and the next suggestions start with it', async () => {
    const response = await putName({ display_name: "Kiran's Kirana (Pune)" });
    expect(response.statusCode).toBe(200);
    expect(response.json().merchant.display_name).toBe("Kiran's Kirana (Pune)");
    expect((await call(t, token, 'GET', `/api/v1/merchants/${uuid}`)).json().merchant.display_name).toBe("Kiran's Kirana (Pune)");
    expect((await fetchNames()).json().suggestions[0]).toBe("Kiran's Kirana (Pune)");
  });

  const LENGTH = 'Enter 3 to 50 characters';
  const CHARACTERS = "Use letters, numbers, spaces and & . , ' ( ) - only, starting with a letter or a number and ending with a letter, a number, . or )";
  const refusals: Array<[string, Record<string, unknown>, Record<string, string[]>]> = [
    ['a name too short', { display_name: 'Ki' }, { display_name: [LENGTH] }],
    ['a name too long', { display_name: 'K'.repeat(51) }, { display_name: [LENGTH] }],
    ['a name with characters not allowed', { display_name: 'Kiran <b>Kirana</b>' }, { display_name: [CHARACTERS] }],
    ['a name starting with a space', { display_name: ' Kiran' }, { display_name: [CHARACTERS] }],
    ['a name ending with a hyphen', { display_name: 'Kiran -' }, { display_name: [CHARACTERS] }],
    ['a name that is not text', { display_name: 42 }, { display_name: ['This field cannot be left blank'] }],
    ['another field with it', { display_name: 'Kiran Kirana', mid: 1 }, { mid: ['This value is not accepted'] }],
  ];

  it.each(refusals)('refuses %s with 422, storing nothing', async (_case, body, errors) => {
    const before = await storedState();
    const response = await putName(body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await storedState()).toEqual(before);
  });

  it('refuses a member without a profile-editing permission (403) and an outsider (404), storing nothing', async () => {
    const before = await storedState();
    await t.db.query(`update memberships set permissions = '{user_profile}' where merchant_uuid = $1`, [uuid]);
    expect((await putName({ display_name: 'Kiran Kirana' })).statusCode).toBe(403);
    const outsider = await signInWithOtp(t, 'outsider.put@example.com');
    expect((await call(t, outsider, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { display_name: 'Kiran Kirana' } })).statusCode).toBe(404);
    expect(await storedState()).toEqual(before);
  });
});
