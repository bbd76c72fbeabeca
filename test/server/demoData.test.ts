import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../schemas/ajv';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { merchantRecord } from '../../schemas/registry';
import { evaluate } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { DEMO_PASSWORD, demoUsers, seedDemoData } from '../../server/demo/seed';
import { call, signInWithOtp, testApp, type TestApp } from './testApp';

const validateRecord = createAjv().getSchema(merchantRecord.$id as string)!;
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
  await seedDemoData(t.db);
});
afterAll(() => t.close());

async function merchantOf(token: string) {
  const [summary] = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants;
  return (await call(t, token, 'GET', `/api/v1/merchants/${summary.uuid}`)).json().merchant;
}

async function passwordSignIn(identity: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity, password: DEMO_PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.json().access_token;
}

describe('demo data', () => {
  it('seeds once: a second run adds nothing', async () => {
    expect(await seedDemoData(t.db)).toBe(false);
    const rows = await t.db.query<{ count: string }>('select count(*) from merchants');
    // Besides one merchant per demo user: the aggregator, its two children and the two of one user (demo-groups.json).
    expect(Number(rows[0]?.count)).toBe(demoUsers.length + 5);
  });

  it('has one demo merchant per business entity of the bank form, and a NOW product merchant', () => {
    expect(new Set(demoUsers.map((user) => user.entity))).toEqual(new Set(
      ['Individual', 'LLP', 'Partnership', 'Private Limited', 'Public Limited', 'Society', 'Sole Proprietorship', 'Trust'],
    ));
    expect(demoUsers).toHaveLength(9);
    expect(demoUsers.filter((user) => user.stage.startsWith('NOW product'))).toHaveLength(1);
  });

  it.each(demoUsers.map((user) => [user.email, user.entity]))('serves %s (%s) as a record matching schemas/records/merchant.json', async (email) => {
    const merchant = await merchantOf(await passwordSignIn(email));
    expect(validateRecord(merchant) ? {} : toFieldErrors(validateRecord.errors)).toEqual({});
  });

  it('puts the demo merchants at different stages', async () => {
    const stages = new Set<string>();
    for (const user of demoUsers) {
      const flags = evaluate(await merchantOf(await passwordSignIn(user.email)), rulesConfig);
      stages.add(JSON.stringify(Object.fromEntries(Object.entries(flags).map(([step, f]) => [step, [f.completed, f.locked]]))));
    }
    expect(stages.size).toBeGreaterThanOrEqual(6);
  });
});

describe('a newly signed-up merchant', () => {
  it('is served as a record matching schemas/records/merchant.json, also after a PAN update', async () => {
    const token = await signInWithOtp(t, 'fresh.signup@example.com');
    const merchant = await merchantOf(token);
    expect(validateRecord(merchant) ? {} : toFieldErrors(validateRecord.errors)).toEqual({});
    const updated = (await call(t, token, 'PUT', `/api/v1/merchants/${merchant.uuid}`, { merchant: { pancard_number: 'AAACN4521K', business_entity_id: 6 } })).json().merchant;
    expect(validateRecord(updated) ? {} : toFieldErrors(validateRecord.errors)).toEqual({});
  });
});
