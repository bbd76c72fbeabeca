import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInStaff, signInWithOtp, testApp, type TestApp } from '../testApp';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp({ config: { sandbox: true } });
  token = await signInWithOtp(t, 'analytics.merchant@example.com');
});
afterAll(() => t.close());

const send = (events: unknown, bearer: string | null = token) => call(t, bearer, 'POST', '/api/v1/analytics_events', { events });
const stored = () => t.db.query<{ name: string; properties: Record<string, unknown> }>('select name, properties from analytics_events order by id');

const FORM_COMPLETE = { name: 'form_complete', properties: { step_number: 2, step_name: 'business_details_submitted' } };

describe('POST /api/v1/analytics_events', () => {
  it('records the events of a signed-in merchant, in order, and lists each with how often it fired on /sandbox/analytics', async () => {
    const cta = { name: 'agreement_cta_clicked', properties: { cta: 'i_accept' } };
    expect((await send([FORM_COMPLETE, cta])).statusCode).toBe(204);
    expect(await stored()).toEqual([FORM_COMPLETE, cta]);

    const page = await t.app.inject({ method: 'GET', url: '/sandbox/analytics' });
    expect(page.statusCode).toBe(200);
    const rows = [...page.body.matchAll(/<tr class="event"><th scope="row">([^<]*)<\/th><td><code>([^<]*)<\/code><\/td><td class="times">(\d+)<\/td>/g)];
    expect(rows.map(([, name, , times]) => [name, times])).toEqual([
      ['agreement_cta_clicked', '1'],
      ['form_complete', '1'],
    ]);
  });

  it.each([
    ['an e-mail', { name: 'Dashboard CTA clicked', properties: { cta_name: 'Collect payments', email: 'a@b.example' } }],
    ['a PAN in an allowed property', { name: 'lead_params', properties: { utm_source: 'ABCDE1234F' } }],
    ['an Aadhaar number', { name: 'lead_params', properties: { utm_campaign: '2345 6789 0123' } }],
    ['an account number', { name: 'document_merge_failed', properties: { document_category: '123456789012' } }],
    ['a property the event does not allow', { name: 'form_complete', properties: { step_number: 2, bank_account_number: 'x' } }],
    ['a value outside the event’s list', { name: 'agreement_cta_clicked', properties: { cta: 'anything' } }],
    ['an event not in the catalogue', { name: 'page_view', properties: {} }],
  ])('refuses a batch with %s, and stores none of it', async (_case, event) => {
    const before = (await stored()).length;
    const response = await send([FORM_COMPLETE, event]);
    expect(response.statusCode).toBe(422);
    expect(await stored()).toHaveLength(before);
  });

  it('refuses a caller without a session, and operations staff (who act for no merchant)', async () => {
    expect((await send([FORM_COMPLETE], null)).statusCode).toBe(401);
    expect((await send([FORM_COMPLETE], await signInStaff(t, 'ops_viewer'))).statusCode).toBe(404);
  });

  it('refuses a body of the wrong shape', async () => {
    expect((await send([])).statusCode).toBe(422);
    expect((await send([{ name: 'form_complete', properties: { step_number: { nested: true } } }])).statusCode).toBe(422);
    expect((await call(t, token, 'POST', '/api/v1/analytics_events', { events: [FORM_COMPLETE], extra: 1 })).statusCode).toBe(422);
  });

  it('is rate-limited like the sign-in calls, on a count of its own', async () => {
    const limited = await testApp({ config: { sandbox: true, authRateLimit: 4 } });
    try {
      const bearer = await signInWithOtp(limited, 'analytics.limited@example.com');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await call(limited, bearer, 'POST', '/api/v1/analytics_events', { events: [FORM_COMPLETE] })).statusCode);
      // Counted apart from the sign-in calls of the same address (which used two of theirs).
      expect(statuses).toEqual([204, 204, 204, 204, 429]);
    } finally {
      await limited.close();
    }
  });
});
