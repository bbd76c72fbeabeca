import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type Fixture } from '../permissions/endpoints';
import { call, signInWithOtp, testApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Ids for the requests' paths: none names anything, and none needs to (an anonymous call is refused before). */
const NOTHING = '0b5e3c1a-7d2f-4e6a-9c8b-1f2e3d4c5b6a';
const NO_FIXTURE: Fixture = {
  uuid: NOTHING,
  mid: 1,
  accountUuid: NOTHING,
  websiteUuid: NOTHING,
  agreementUuid: NOTHING,
  fileId: NOTHING,
  spareRoleId: 1,
  deletableRoleId: 1,
  moveToRoleId: 1,
  spareInviteId: 1,
  deletableInviteId: 1,
  childUuid: NOTHING,
  partner: { clientId: 'no-partner', redirectUri: 'https://partner.example.com/callback' },
};

/** Every route that needs a session, but the live socket (its token travels in the WebSocket handshake). */
const SIGNED_IN_ONLY = Object.entries(ENDPOINTS)
  .filter(([, endpoint]) => endpoint.access.kind !== 'public' && !endpoint.tokenAsSubprotocol)
  .map(([key]) => key);

/** Bodies no route accepts: each would be refused (400, 413 or 422) if it were read before the session is checked. */
const BAD_BODIES: Record<string, string> = {
  'JSON that does not parse': '{"merchant": ',
  'a NUL in a string': JSON.stringify({ merchant: { name: 'a\u0000b' }, identity: '\u0000' }),
  'a body of the wrong shape': JSON.stringify([1, 2, 3]),
  'a body over the size limit': JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 1) }),
};

/** The request of a route with `?q=` holding a NUL (refused as an unsafe string if read), and a bad body if it takes one. */
function anonymous(key: string, body?: string): Promise<LightMyRequestResponse> {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  const { url } = ENDPOINTS[key]!.request(NO_FIXTURE);
  const withBadQuery = `${url}${url.includes('?') ? '&' : '?'}q=%00`;
  return t.app.inject({ method, url: withBadQuery, ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }) });
}

const refusedForNoSession = (response: LightMyRequestResponse) => response.statusCode === 401 && (response.json() as { code?: string }).code === 'UNAUTHORIZED';

describe('a call that needs a session, sent without one', () => {
  it('is checked on every such route of the app (the role × endpoint matrix lists them)', () => {
    expect(SIGNED_IN_ONLY.length).toBeGreaterThan(100);
  });

  it.each(SIGNED_IN_ONLY)('%s: 401 whatever its body and query, before either is read', async (key) => {
    const bodies = key.startsWith('GET ') ? [undefined] : Object.values(BAD_BODIES);
    const answers = await Promise.all(bodies.map((body) => anonymous(key, body)));
    expect(answers.filter((answer) => !refusedForNoSession(answer)).map((answer) => `${answer.statusCode} ${answer.body.slice(0, 80)}`)).toEqual([]);
  });
});

describe('a call with a session', () => {
  it('still has its body checked: a NUL in a string is refused with 422', async () => {
    const token = await signInWithOtp(t, 'signed.in.body@example.com');
    const [merchant] = (await call(t, token, 'GET', '/api/v1/merchants')).json<{ merchants: Array<{ uuid: string }> }>().merchants;
    const refused = await call(t, token, 'PUT', `/api/v1/merchants/${merchant!.uuid}`, { merchant: { name: 'a\u0000b' } });
    expect(refused.statusCode).toBe(422);
  });
});
