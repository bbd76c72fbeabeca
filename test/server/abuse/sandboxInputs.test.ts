import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testApp';

let t: TestApp;
const TXNID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

beforeAll(async () => {
  t = await testApp({ config: { sandbox: true } });
});
afterAll(() => t.close());

describe("the sandbox pages' inputs", () => {
  it.each(['/sandbox/inbox', '/api/v1/sandbox/messages'])('%s refuses a recipient given twice (422), and lists one given once', async (path) => {
    const twice = await t.app.inject({ method: 'GET', url: `${path}?recipient=a%40example.com&recipient=b%40example.com` });
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['recipient']);
    expect((await t.app.inject({ method: 'GET', url: `${path}?recipient=a%40example.com` })).statusCode).toBe(200);
  });

  it.each([
    ['an amount that is a number', { amount: 1e308 }],
    ['an amount that is true', { amount: true }],
    ['a plan that is a list', { productinfo: [null] }],
    ['a transaction that is an object', { txnid: { toString: 1 } }],
  ])('the payment page refuses %s (422)', async (_name, fields) => {
    const answer = await t.app.inject({ method: 'POST', url: '/sandbox/payment', payload: { txnid: TXNID, amount: '1121', productinfo: 'Business Plus', ...fields } });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().errors)).toEqual(Object.keys(fields));
  });

  it('the payment page still shows the form the plans screen posts', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/sandbox/payment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ txnid: TXNID, amount: '1121', productinfo: 'Business Plus', email: 'a@example.com', firstname: 'Asha' }).toString(),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Business Plus');
  });
});
