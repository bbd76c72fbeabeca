import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import aggregatorApi from '../../schemas/api/aggregator.json';
import { createAjv } from '../../schemas/ajv';
import journey from '../../schemas/steps/journey.json';
import { evaluate, flagsOf } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { linkChild } from '../../server/merchants/aggregatorChildren';
import { permissionUuid, call, patchRecord, signInStaff, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
const NOT_FOUND = { error: 'The requested record was not found.', code: 'NOT_FOUND' };
const PAN = { pancard_number: 'AAACN4521K', business_entity_id: 6 };

interface Owner {
  email: string;
  token: string;
  uuid: string;
  mid: number;
}
let count = 0;
/** A user who signs up, and the merchant they get. */
async function owner(label: string): Promise<Owner> {
  const email = `aggregator.${label}.${++count}@example.com`;
  const token = await signInWithOtp(t, email);
  const [merchant] = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants;
  return { email, token, uuid: merchant.uuid, mid: merchant.mid };
}
async function aggregator(label: string): Promise<Owner> {
  const o = await owner(label);
  await patchRecord(t, o.uuid, { merchant_type: 'aggregator', name: `Aggregator ${label}` });
  return o;
}
const children = (o: Pick<Owner, 'token'>, id: string) => call(t, o.token, 'GET', `/api/v1/merchants/${id}/children`);
const child = (o: Pick<Owner, 'token'>, id: string, childId: string) => call(t, o.token, 'GET', `/api/v1/merchants/${id}/children/${childId}`);

let agg: Owner;
let kirana: Owner;
let tailor: Owner;
let otherAgg: Owner;
let otherChild: Owner;
let plain: Owner;
let plainsChild: Owner;

beforeAll(async () => {
  t = await testApp();
  agg = await aggregator('main');
  await call(t, agg.token, 'PUT', `/api/v1/merchants/${agg.uuid}`, { merchant: PAN });
  kirana = await owner('kirana');
  // The kirana has its PAN verified: its steps differ from a new merchant's.
  expect((await call(t, kirana.token, 'PUT', `/api/v1/merchants/${kirana.uuid}`, { merchant: PAN })).statusCode).toBe(200);
  await patchRecord(t, kirana.uuid, { name: 'Meera Kirana', business_name: 'MEERA KIRANA STORES' });
  tailor = await owner('tailor');
  await linkChild(t.db, agg.uuid, kirana.uuid);
  await linkChild(t.db, agg.uuid, tailor.uuid);
  otherAgg = await aggregator('other');
  otherChild = await owner('other-child');
  await linkChild(t.db, otherAgg.uuid, otherChild.uuid);
  // A merchant that is not an aggregator, yet has a child linked to it: the type is checked, not only the link.
  plain = await owner('plain');
  plainsChild = await owner('plains-child');
  await linkChild(t.db, plain.uuid, plainsChild.uuid);
});
afterAll(() => t.close());

describe('GET /api/v1/merchants/:id/children', () => {
  it("lists the aggregator's children by MID: uuid, MID, name, business name and product only", async () => {
    const response = await children(agg, agg.uuid);
    expect(response.statusCode).toBe(200);
    const list = response.json().children;
    expect(list.map((entry: { uuid: string }) => entry.uuid)).toEqual([kirana.uuid, tailor.uuid]);
    expect(list[0]).toEqual({ uuid: kirana.uuid, mid: kirana.mid, name: 'Meera Kirana', business_name: 'MEERA KIRANA STORES', product: expect.any(String) });
    const validate = createAjv().compile(aggregatorApi.$defs.childList);
    expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('names the aggregator by its MID too', async () => {
    expect((await children(agg, String(agg.mid))).json()).toEqual((await children(agg, agg.uuid)).json());
  });

  it('answers an aggregator without children with an empty list', async () => {
    const lonely = await aggregator('lonely');
    expect((await children(lonely, lonely.uuid)).json()).toEqual({ children: [] });
  });

  it.each([
    ['a merchant that is not an aggregator (even with a child linked)', () => plain, () => plain.uuid],
    ['a child, naming itself', () => kirana, () => kirana.uuid],
    ['another aggregator', () => otherAgg, () => agg.uuid],
    ["an aggregator's child, naming its aggregator", () => kirana, () => agg.uuid],
    ['the aggregator, naming its child', () => agg, () => kirana.uuid],
    ['the aggregator, naming an unknown merchant', () => agg, () => '00000000-0000-0000-0000-000000000000'],
    ['the aggregator, naming a malformed id', () => agg, () => 'not-a-merchant'],
  ])('answers 404 to %s', async (_case, caller, id) => {
    const response = await children(caller(), id());
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: NOT_FOUND });
  });

  it('answers 404 once the merchant is no longer an aggregator', async () => {
    const former = await aggregator('former');
    const formerChild = await owner('former-child');
    await linkChild(t.db, former.uuid, formerChild.uuid);
    expect((await children(former, former.uuid)).statusCode).toBe(200);
    await patchRecord(t, former.uuid, { merchant_type: 'merchant' });
    expect((await children(former, former.uuid)).statusCode).toBe(404);
    expect((await child(former, former.uuid, formerChild.uuid)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t, null, 'GET', `/api/v1/merchants/${agg.uuid}/children`)).statusCode).toBe(401);
    expect((await call(t, null, 'GET', `/api/v1/merchants/${agg.uuid}/children/${kirana.uuid}`)).statusCode).toBe(401);
  });

  it('refuses operations staff (they act for no merchant) as the other merchant calls do', async () => {
    const staff = { token: await signInStaff(t, 'ops_admin') };
    expect((await children(staff, agg.uuid)).statusCode).toBe(403);
    expect((await child(staff, agg.uuid, kirana.uuid)).statusCode).toBe(403);
  });
});

describe("the aggregator's staff", () => {
  async function employee(permissions: string[]) {
    const role = (await call(t, agg.token, 'POST', `/api/v1/merchants/${agg.uuid}/acl_roles`, { acl_role: { name: `Role ${++count}`, acl_permission_uuids: permissions.map(permissionUuid) } })).json().acl_role;
    const email = `aggregator.staff.${count}@example.com`;
    const invited = await call(t, agg.token, 'POST', `/api/v1/merchants/${agg.uuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Priya Kapoor' });
    expect(invited.statusCode, invited.body).toBe(201);
    return { token: await signInWithOtp(t, email) };
  }

  it('see the children with the user_profile permission', async () => {
    const reader = await employee(['user_profile']);
    expect((await children(reader, agg.uuid)).json().children).toHaveLength(2);
    expect((await child(reader, agg.uuid, kirana.uuid)).statusCode).toBe(200);
  });

  it('are refused (403) without it', async () => {
    const accountant = await employee(['read_settlements']);
    const list = await children(accountant, agg.uuid);
    expect({ status: list.statusCode, code: list.json().code }).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect((await child(accountant, agg.uuid, kirana.uuid)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/merchants/:id/children/:childId', () => {
  it("shows the child's name, MID, product and the steps its own stepper shows, with their flags", async () => {
    const response = await child(agg, agg.uuid, kirana.uuid);
    expect(response.statusCode).toBe(200);
    const view = response.json().child;
    // What the child's own stepper computes from its own record (src/features/onboarding/OnboardingPage.tsx).
    const own = (await call(t, kirana.token, 'GET', `/api/v1/merchants/${kirana.uuid}`)).json().merchant;
    const flags = evaluate(own, rulesConfig);
    const shown = journey.groups.flatMap((group) => group.steps.map((step) => step.id)).filter((id) => !flagsOf(flags, id).hidden && !flagsOf(flags, id).omitted);
    expect(view).toEqual({
      uuid: kirana.uuid,
      mid: kirana.mid,
      name: 'Meera Kirana',
      business_name: 'MEERA KIRANA STORES',
      product: own.product,
      steps: shown.map((id) => ({ id, ...flags[id] })),
      progress: { done: shown.filter((id) => flagsOf(flags, id).completed).length, total: shown.length },
    });
    expect(view.steps.find((step: { id: string }) => step.id === 'pan-details').completed).toBe(true);
    const validate = createAjv().compile(aggregatorApi.$defs.childView);
    expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true);
  });

  it('gives no other field of the child record (no PAN, e-mail, mobile, bank or account)', async () => {
    const view = (await child(agg, agg.uuid, kirana.uuid)).json().child;
    expect(Object.keys(view).sort()).toEqual(['business_name', 'mid', 'name', 'product', 'progress', 'steps', 'uuid']);
    expect(JSON.stringify(view)).not.toContain('AAACN4521K');
    expect(JSON.stringify(view)).not.toContain(kirana.email);
  });

  it('reads the child by an upper-case uuid as well', async () => {
    expect((await child(agg, agg.uuid, kirana.uuid.toUpperCase())).statusCode).toBe(200);
  });

  it.each([
    ["another aggregator's child", () => agg, () => agg.uuid, () => otherChild.uuid],
    ['a merchant that is no child', () => agg, () => agg.uuid, () => plain.uuid],
    ['the aggregator itself', () => agg, () => agg.uuid, () => agg.uuid],
    ['the child by its MID (children are named by uuid)', () => agg, () => agg.uuid, () => String(kirana.mid)],
    ['an unknown uuid', () => agg, () => agg.uuid, () => '00000000-0000-0000-0000-000000000000'],
    ['a child through a non-aggregator that has it linked', () => plain, () => plain.uuid, () => plainsChild.uuid],
    ["another aggregator asking for this one's child", () => otherAgg, () => otherAgg.uuid, () => kirana.uuid],
    ['another aggregator naming this aggregator', () => otherAgg, () => agg.uuid, () => kirana.uuid],
    ['the child asking through its aggregator', () => kirana, () => agg.uuid, () => kirana.uuid],
    ['the child naming itself as aggregator', () => kirana, () => kirana.uuid, () => kirana.uuid],
    ['a merchant naming a malformed aggregator id', () => agg, () => 'x'.repeat(36), () => kirana.uuid],
  ])('answers 404 to %s', async (_case, caller, id, childId) => {
    const response = await child(caller(), id(), childId());
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: NOT_FOUND });
  });

  it.each(['not-a-uuid', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(11)}`, `{${'1'.repeat(8)}-1111-1111-1111-${'1'.repeat(12)}}`, 'null', '0x1', ' 1', '%20'])(
    'answers 404 to the child id %j',
    async (id) => {
      const response = await child(agg, agg.uuid, encodeURIComponent(id));
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: NOT_FOUND });
    },
  );
});

describe("a child's data through the aggregator's other calls", () => {
  // Every merchant call the aggregator could try on its child: each answers exactly as for an unknown merchant.
  const CALLS: Array<[string, (id: string) => ReturnType<typeof call>]> = [
    ['GET /merchants/:id', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}`)],
    ['PUT /merchants/:id', (id) => call(t, agg.token, 'PUT', `/api/v1/merchants/${id}`, { merchant: PAN })],
    ['GET /merchants/:id/merchant_docs_req', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/merchant_docs_req`)],
    ['GET /merchants/:id/kyc_documents', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/kyc_documents`)],
    ['GET /merchants/:id/generate_agreement', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/generate_agreement`)],
    ['GET /merchants/:id/addenda', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/addenda`)],
    ['GET /merchants/:id/acl_roles', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/acl_roles`)],
    ['GET /merchants/:id/staff_invites', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/staff_invites`)],
    ['GET /merchants/:id/children', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/children`)],
    ['GET /merchants/:id/children/:childId', (id) => call(t, agg.token, 'GET', `/api/v1/merchants/${id}/children/${id}`)],
    ['GET /oauth/token/info?mid', (id) => call(t, agg.token, 'GET', `/api/v1/oauth/token/info?mid=${id}`)],
  ];

  it.each(CALLS)('%s answers the child like an unknown merchant, by uuid and by MID', async (_route, send) => {
    const unknown = await send('00000000-0000-0000-0000-000000000000');
    expect(unknown.statusCode).toBe(404);
    for (const id of [kirana.uuid, String(kirana.mid)]) {
      const response = await send(id);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: unknown.json() });
    }
  });

  it('changes nothing of the child', async () => {
    const before = await storedState(t, kirana.uuid);
    for (const [, send] of CALLS) await send(kirana.uuid);
    expect(await storedState(t, kirana.uuid)).toEqual(before);
  });

  it("leaves the children out of the aggregator's own merchants", async () => {
    const own = (await call(t, agg.token, 'GET', '/api/v1/merchants')).json().merchants;
    expect(own.map((merchant: { uuid: string }) => merchant.uuid)).toEqual([agg.uuid]);
  });
});
