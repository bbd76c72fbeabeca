import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { MAX_NESTING } from '../../../server/http/refuseUnsafeStrings';
import { call, signInStaff, storedState, testApp, type TestApp } from '../testApp';
import { kycReadyMerchant } from './kycReadyMerchant';
import { nestedJson } from './hostileRequests';

let t: TestApp;
let staff: string;
let merchant: { token: string; uuid: string };
/** The published requirements' body, as the console sends a version (its first requirement gets the `when` tried). */
let published: { documents: { requirements: Array<Record<string, unknown>> } };

const TOO_DEEP = [message('validation.tooDeep', { levels: MAX_NESTING })];
const OUT_OF_RANGE = [message('validation.numberOutOfRange')];
const VERSIONS = '/api/v1/ops/document-requirements/versions';

beforeAll(async () => {
  t = await testApp();
  staff = await signInStaff(t, 'ops_admin');
  merchant = await kycReadyMerchant(t, 'nesting.owner@example.com');
  published = (await call(t, staff, 'GET', '/api/v1/ops/document-requirements')).json().published.body;
});
afterAll(() => t.close());

/** A new version whose first requirement's `when` is json-logic `!` nested `levels` deep, sent as raw JSON text. */
function versionWithWhen(levels: number) {
  const [first, ...rest] = published.documents.requirements;
  const body = { ...published, documents: { ...published.documents, requirements: [{ ...first, when: 'WHEN' }, ...rest] } };
  const text = JSON.stringify({ body, note: 'Deep rule' }).replace('"WHEN"', nestedJson(levels, 'logic'));
  return t.app.inject({ method: 'POST', url: VERSIONS, headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' }, payload: text });
}
const versionCount = async () => (await t.db.query('select version from requirement_versions')).length;

describe('bodies nested too deeply', () => {
  it('refuses a requirement version whose json-logic nests 2,000 levels (the stack overflow of issue 25) with 422 on body, storing nothing', async () => {
    const before = await versionCount();
    const answer = await versionWithWhen(2_000);
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { body: TOO_DEEP } });
    expect(await versionCount()).toBe(before);
  });

  it(`takes a version nested ${MAX_NESTING} levels in all, and refuses one level more`, async () => {
    // The `when` object sits at level 6 of the request (request, body, documents, requirements, the requirement, when).
    const deepest = await versionWithWhen(MAX_NESTING - 5);
    expect(deepest.statusCode, deepest.body).toBe(201);
    const deeper = await versionWithWhen(MAX_NESTING - 4);
    expect(deeper.json()).toEqual({ errors: { body: TOO_DEEP } });
  });

  it('refuses a step body nested 2,500 levels inside a field, before its schema sees it, and changes nothing', async () => {
    const before = await storedState(t, merchant.uuid);
    const answer = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/merchants/${merchant.uuid}`,
      headers: { authorization: `Bearer ${merchant.token}`, 'content-type': 'application/json' },
      payload: `{"merchant":{"business_category_id":2,"business_sub_category_id":201,"monthly_expected_volume":${nestedJson(2_500, 'array')}}}`,
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ errors: { merchant: TOO_DEEP } });
    expect(await storedState(t, merchant.uuid)).toEqual(before);
  });

  it('refuses a body nested 20,000 levels: on base when it is a list, on its field when an object', async () => {
    for (const [payload, field] of [[nestedJson(20_000, 'array'), 'base'], [nestedJson(20_000, 'object'), 'a']] as const) {
      const answer = await t.app.inject({ method: 'POST', url: VERSIONS, headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' }, payload });
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ errors: { [field]: TOO_DEEP } });
    }
  });
});

describe('numbers out of range', () => {
  const migrate = (from: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/ops/document-requirements/migrate', headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' }, payload: `{"from":${from}}` });
  const auditCount = async () => (await t.db.query('select id from ops_audit')).length;

  it('refuses a number JSON writes beyond a double (1e309 reads as Infinity) with 422, before its schema sees it', async () => {
    const before = await auditCount();
    for (const from of ['1e309', '-1e309']) {
      const answer = await migrate(from);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ errors: { from: OUT_OF_RANGE } });
    }
    expect(await auditCount()).toBe(before);
  });

  it("refuses a version to migrate from beyond PostgreSQL's integer range with 422, and still migrates from the largest", async () => {
    const before = await auditCount();
    for (const from of ['2147483648', '1e308', '9007199254740993']) {
      const answer = await migrate(from);
      expect(answer.statusCode, from).toBe(422);
      expect(Object.keys(answer.json().errors)).toEqual(['from']);
    }
    expect(await auditCount()).toBe(before);
    expect((await migrate('2147483647')).json()).toEqual({ migrated: 0 });
  });
});
