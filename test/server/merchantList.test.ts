import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../server/demo/seed';
import { createMerchant } from '../../server/merchants/store';
import { permissionUuid, call, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await seedDemoData(t.db);
});
afterAll(() => t.close());

const merchantsOf = async (token: string) => (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants;
async function passwordSignIn(identity: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().access_token;
}

describe('GET /api/v1/merchants (the merchant switcher reads it)', () => {
  it("lists every merchant the user acts for, oldest first, with mid, PAN and the user's role there", async () => {
    const token = await signInWithOtp(t, 'two.merchants@example.com');
    const [user] = await t.db.query<{ id: string; email: string; mobile: string | null; name: string | null }>('select id, email, mobile, name from users where email = $1', ['two.merchants@example.com']);
    const second = await createMerchant(t.db, user!);
    const merchants = await merchantsOf(token);
    expect(merchants).toHaveLength(2);
    expect(merchants[1]).toEqual(expect.objectContaining({ uuid: second.uuid, mid: second.mid, pancard_number: null, role_name: 'Owner' }));
    expect(merchants[0].role_name).toBe('Owner');
  });

  it("gives an employee the name of their ACL role, as it is now", async () => {
    const owner = await signInWithOtp(t, 'list.owner@example.com');
    const [merchant] = await merchantsOf(owner);
    await call(t, owner, 'PUT', `/api/v1/merchants/${merchant.uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } });
    const role = (await call(t, owner, 'POST', `/api/v1/merchants/${merchant.uuid}/acl_roles`, { acl_role: { name: 'Accountant', acl_permission_uuids: [permissionUuid('read_settlements')] } })).json().acl_role;
    expect((await call(t, owner, 'POST', `/api/v1/merchants/${merchant.uuid}/staff_invites`, { email: 'list.employee@example.com', acl_role_id: role.id, name: 'Priya Kapoor' })).statusCode).toBe(201);
    const employee = await signInWithOtp(t, 'list.employee@example.com');
    expect((await merchantsOf(employee)).map((entry: { uuid: string; role_name: string }) => [entry.uuid, entry.role_name])).toEqual([[merchant.uuid, 'Accountant']]);
    await call(t, owner, 'PUT', `/api/v1/merchants/${merchant.uuid}/acl_roles/${role.id}`, { acl_role: { name: 'Accounts team', acl_permission_uuids: [permissionUuid('read_settlements')] } });
    expect((await merchantsOf(employee))[0].role_name).toBe('Accounts team');
  });
});

describe('the demo users of the aggregator page and the merchant switcher', () => {
  it('demo.two.merchants@example.com acts for two merchants', async () => {
    const merchants = await merchantsOf(await passwordSignIn('demo.two.merchants@example.com'));
    expect(merchants.map((merchant: { name: string }) => merchant.name)).toEqual(['Kavya Rao Boutique', 'Kavya Rao Online']);
  });

  it('demo.aggregator@example.com is an aggregator with two children, each signing in to its own merchant', async () => {
    const token = await passwordSignIn('demo.aggregator@example.com');
    const [aggregator] = await merchantsOf(token);
    const children = (await call(t, token, 'GET', `/api/v1/merchants/${aggregator.uuid}/children`)).json().children;
    expect(children.map((child: { name: string }) => child.name)).toEqual(['Meera Kirana', 'Imran Tailors']);
    const [own] = await merchantsOf(await passwordSignIn('demo.child.kirana@example.com'));
    expect(own.uuid).toBe(children[0].uuid);
  });
});
