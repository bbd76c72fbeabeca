import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricingPlans } from '../../schemas/registry';
import { permissionUuid, call, patchRecord, signInWithOtp, storedState, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
/** A new owner and their merchant, eligible for customer success unless told otherwise. */
async function owner(eligible = true) {
  const token = await signInWithOtp(t, `plans.${++count}.${Date.now()}@example.com`);
  const merchant = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0] as { uuid: string; mid: number };
  if (eligible) await patchRecord(t, merchant.uuid, { is_cs_eligible: true });
  return { token, ...merchant };
}
type Owner = Awaited<ReturnType<typeof owner>>;
const startPayment = (o: Owner, body: unknown, token = o.token) => call(t, token, 'POST', `/api/v1/merchants/${o.mid}/cs_plans/generate_payment_params`, body);
const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const record = async (o: Owner) => (await storedState(t, o.uuid)).record!;

describe('GET /api/v1/pricing_plans', () => {
  it('lists Starter, Business Plus and Business Premium with the spec prices', async () => {
    const o = await owner();
    const { pricing_plans } = (await call(t, o.token, 'GET', '/api/v1/pricing_plans')).json();
    expect(pricing_plans).toEqual(pricingPlans.pricing_plans);
    expect(pricing_plans.map((plan: { name: string; total: number }) => [plan.name, plan.total])).toEqual([['Starter', 0], ['Business Plus', 1121], ['Business Premium', 1770]]);
  });
});

describe('POST cs_plans/generate_payment_params and the sandbox payment page', () => {
  it('starts a Business Plus payment, and a successful payment moves the plan to payment_completed', async () => {
    const o = await owner();
    const started = await startPayment(o, { cs_plan_name: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const params = started.json();
    expect(params).toMatchObject({ payment_url: '/sandbox/payment', amount: '1121', productinfo: 'Business Plus', txnid: expect.any(String) });
    expect((await record(o)).cs_plan).toEqual({ name: 'Business Plus', status: 'payment_pending' });

    const { payment_url, ...fields } = params;
    const page = await t.app.inject({ method: 'POST', url: payment_url, ...form(fields) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay successfully');
    const paid = await t.app.inject({ method: 'POST', url: `/sandbox/payment/${fields.txnid}`, ...form({ outcome: 'success' }) });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/app/welcome');
    expect((await record(o)).cs_plan).toEqual({ name: 'Business Plus', status: 'payment_completed' });
    // Settled once: a replay changes nothing, and no new payment can start.
    expect((await t.app.inject({ method: 'POST', url: `/sandbox/payment/${fields.txnid}`, ...form({ outcome: 'failure' }) })).statusCode).toBe(404);
    expect((await startPayment(o, { cs_plan_name: 2 })).statusCode).toBe(409);
  });

  it('a failed payment returns to the plans, leaving the plan unpaid', async () => {
    const o = await owner();
    const { txnid } = (await startPayment(o, { cs_plan_name: 2 })).json();
    const failed = await t.app.inject({ method: 'POST', url: `/sandbox/payment/${txnid}`, ...form({ outcome: 'failure' }) });
    expect(failed.headers.location).toBe('/app/plans');
    expect((await record(o)).cs_plan).toEqual({ name: 'Business Premium', status: 'payment_pending' });
  });

  it.each([[{}], [{ cs_plan_name: 3 }], [{ cs_plan_name: '1' }], [{ cs_plan_name: 1, amount: 1 }]])('refuses the body %j, storing nothing', async (body) => {
    const o = await owner();
    expect((await startPayment(o, body)).statusCode).toBe(422);
    expect((await record(o)).cs_plan).toBeNull();
  });

  it('refuses a merchant not eligible for customer success (409)', async () => {
    const o = await owner(false);
    expect((await startPayment(o, { cs_plan_name: 1 })).statusCode).toBe(409);
  });

  it("refuses another merchant's mid (404) and an employee without manage_payment_products (403)", async () => {
    const [mine, theirs] = [await owner(), await owner()];
    expect((await call(t, mine.token, 'POST', `/api/v1/merchants/${theirs.mid}/cs_plans/generate_payment_params`, { cs_plan_name: 1 })).statusCode).toBe(404);
    const role = (await call(t, mine.token, 'POST', `/api/v1/merchants/${mine.uuid}/acl_roles`, { acl_role: { name: 'Reader', acl_permission_uuids: [permissionUuid('read_transactions')] } })).json().acl_role;
    const email = `plans.staff.${Date.now()}@example.com`;
    await call(t, mine.token, 'POST', `/api/v1/merchants/${mine.uuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Priya Kapoor' });
    const staff = await signInWithOtp(t, email);
    expect((await startPayment(mine, { cs_plan_name: 1 }, staff)).statusCode).toBe(403);
    expect((await call(t, staff, 'POST', `/api/v1/merchants/${mine.mid}/cs_plans/starter`)).statusCode).toBe(403);
    expect((await record(mine)).cs_plan).toBeNull();
  });

  it('refuses an unknown transaction on the sandbox page', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/payment/00000000-0000-4000-8000-000000000000', ...form({ outcome: 'success' }) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/payment', ...form({ txnid: 'x' }) })).statusCode).toBe(400);
  });
});

describe('POST cs_plans/starter', () => {
  it('sets new_merchant false and the Starter plan', async () => {
    const o = await owner();
    const chosen = await call(t, o.token, 'POST', `/api/v1/merchants/${o.mid}/cs_plans/starter`);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await record(o)).toMatchObject({ new_merchant: false, cs_plan: { name: 'Starter', status: null } });
  });
});
