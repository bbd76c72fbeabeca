import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../../schemas/messages';
import { call, patchRecord, signInWithOtp, storedState, testApp, type TestApp } from '../testApp';

let t: TestApp;
let token: string;
let uuid: string;

const BUSINESS = { business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' };
const PANS = ['ABCPE1234F', 'BCDPR2345G', 'CDEPS3456H', 'DEFPT4567J', 'EFGPU5678K', 'FGHPV6789L', 'GHIPW7890M', 'HIJPX8901N', 'IJKPY9012P', 'JKLPZ0123Q', 'KLMPA1234R'];

/** `count` owners sharing `total` percent evenly (rounded down to whole percents). */
const owners = (count: number, total = 100, firstName = 'Owner') =>
  Array.from({ length: count }, (_, index) => ({
    name: `${firstName} ${String.fromCharCode(65 + index)}`,
    pancard_number: PANS[index]!,
    ownership_percentage: Math.floor(total / count),
  }));

const putOwners = (list: unknown[]) => call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { ...BUSINESS, ultimate_beneficiaries: list } });
const stored = async () => (await storedState(t, uuid)).record?.ultimate_beneficiaries as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await testApp();
  token = await signInWithOtp(t, 'owners@example.com');
  uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid;
  await call(t, token, 'PUT', `/api/v1/merchants/${uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
  await patchRecord(t, uuid, { ubo_exist: true });
});
afterAll(() => t.close());

describe('PUT merchants/{id} with ultimate beneficial owners', () => {
  it('replaces the list: after 8 PUTs in a row exactly the last list is stored', async () => {
    const sizes = [10, 3, 10, 7, 1, 9, 10, 4];
    for (const [round, size] of sizes.entries()) {
      const response = await putOwners(owners(size, 100, `Round${'ABCDEFGH'[round]}`));
      expect(response.statusCode).toBe(200);
    }
    const last = owners(4, 100, 'RoundH');
    const list = await stored();
    expect(list.map(({ id: _id, ...owner }) => owner)).toEqual(last);
    expect(list.reduce((sum, owner) => sum + (owner.ownership_percentage as number), 0)).toBe(100);
  });

  it('keeps a saved owner sent with its id, gives a new one a fresh id, and drops the ones left out', async () => {
    const [first, second] = await stored();
    const response = await putOwners([{ ...first, ownership_percentage: 50 }, { name: 'New Owner', pancard_number: 'KLMPA1234R', ownership_percentage: 10 }]);
    expect(response.statusCode).toBe(200);
    const list = await stored();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({ ...first, ownership_percentage: 50 });
    expect(list[1]!.id).not.toBe(first!.id);
    expect(list.map((owner) => owner.id)).not.toContain(second!.id);
  });

  it('refuses 11 owners with the catalogue text, storing nothing', async () => {
    const before = await storedState(t, uuid);
    const response = await putOwners(owners(11, 55));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { ultimate_beneficiaries: [message('business.ubo.tooMany', { limit: 10 })] } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it.each([
    ['60 + 41', [60, 41]],
    ['100 + 0.5', [100, 0.5]],
    ['ten owners of 10.1', Array.from({ length: 10 }, () => 10.1)],
  ])('refuses ownership adding up to more than 100 percent (%s), storing nothing', async (_case, shares) => {
    const before = await storedState(t, uuid);
    const response = await putOwners(owners(shares.length).map((owner, index) => ({ ...owner, ownership_percentage: shares[index] })));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { ultimate_beneficiaries: [message('business.ubo.percentageTotal')] } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it.each([-1, 100.5, 1e308])('refuses an ownership of %s percent, storing nothing', async (share) => {
    const before = await storedState(t, uuid);
    const response = await putOwners([{ ...owners(1)[0], ownership_percentage: share }]);
    expect(response.json()).toEqual({ errors: { 'ultimate_beneficiaries.0.ownership_percentage': [message('business.ubo.percentage')] } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it('refuses a saved owner listed twice, storing nothing', async () => {
    const before = await storedState(t, uuid);
    const [first] = await stored();
    const response = await putOwners([first, { ...first, name: 'Twin' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { 'ultimate_beneficiaries.1.id': [message('business.ubo.duplicate')] } });
    expect(await storedState(t, uuid)).toEqual(before);
  });

  it('accepts shares that add up to exactly 100 in decimals', async () => {
    const response = await putOwners(owners(3).map((owner, index) => ({ ...owner, ownership_percentage: [33.33, 33.33, 33.34][index] })));
    expect(response.statusCode).toBe(200);
    expect(await stored()).toHaveLength(3);
  });
});
