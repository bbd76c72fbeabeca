import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclPermissions } from '../../schemas/registry';
import { sha256 } from '../../server/auth/secrets';
import { registerPartner, type NewPartner } from '../../server/oauth/partners';
import { call, signInWithOtp, testApp, type TestApp } from './testApp';

const REDIRECT_URI = 'https://partner.example.com/oauth/callback';
const PARTNER: NewPartner = {
  client_id: 'books-partner',
  client_secret: 'books-secret-0123456789',
  name: 'Books Partner',
  logo: 'data:image/png;base64,iVBORw0KGgo=',
  color_code: '#0a7c59',
  redirect_uri: REDIRECT_URI,
  partner_permissions: ['manage_credentials'],
  skip_onboarding_for_oauth: false,
};
const OTHER: NewPartner = { ...PARTNER, client_id: 'other-partner', client_secret: 'other-secret-0123456789', name: 'Other', redirect_uri: 'https://other.example.com/cb' };

let t: TestApp;
let token: string;
let merchantUuid: string;
let mid: number;

beforeAll(async () => {
  t = await testApp();
  await registerPartner(t.db, PARTNER);
  await registerPartner(t.db, OTHER);
  token = await signInWithOtp(t, 'oauth.owner@example.com');
  const merchants = (await call(t, token, 'GET', '/api/v1/merchants')).json<{ merchants: Array<{ uuid: string; mid: number }> }>().merchants;
  merchantUuid = merchants[0]!.uuid;
  mid = merchants[0]!.mid;
});
afterAll(() => t.close());

const partnerUrl = (clientId: string, redirectUri: string) => `/api/v1/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri })}`;
const authorize = (body: Record<string, unknown>, bearer: string | null = token) =>
  call(t, bearer, 'POST', '/api/v1/oauth/authorize', { client_id: PARTNER.client_id, redirect_uri: REDIRECT_URI, state: 'xyz-123', consent: true, ...body });
const exchange = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    payload: { grant_type: 'authorization_code', client_id: PARTNER.client_id, client_secret: PARTNER.client_secret, redirect_uri: REDIRECT_URI, ...body },
  });
const codeCount = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from oauth_codes'))[0]!.n);
async function newCode(): Promise<string> {
  const answer = await authorize({});
  expect(answer.statusCode).toBe(200);
  return answer.json<{ code: string }>().code;
}

describe('GET /api/v1/oauth/authorize (the consent screen reads the partner)', () => {
  it('answers the partner name, logo, colour and permissions for the registered redirect_uri', async () => {
    const answer = await call(t, token, 'GET', partnerUrl(PARTNER.client_id, REDIRECT_URI));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      partner: {
        client_id: 'books-partner',
        name: 'Books Partner',
        logo: PARTNER.logo,
        color_code: '#0a7c59',
        skip_onboarding_for_oauth: false,
        permissions: [{ name: 'manage_credentials', title: expect.any(String) }],
      },
    });
    expect(JSON.stringify(answer.json())).not.toContain('secret');
  });

  it('refuses a caller without a session', async () => {
    expect((await call(t, null, 'GET', partnerUrl(PARTNER.client_id, REDIRECT_URI))).statusCode).toBe(401);
  });

  it('refuses an unknown client_id', async () => {
    const answer = await call(t, token, 'GET', partnerUrl('nobody-partner', REDIRECT_URI));
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: 'invalid_client', code: 'unknown_client' });
  });

  it('refuses a missing redirect_uri', async () => {
    expect((await call(t, token, 'GET', `/api/v1/oauth/authorize?client_id=${PARTNER.client_id}`)).statusCode).toBe(422);
  });

  it.each([
    ['an extra path', `${REDIRECT_URI}/x`],
    ['an added query', `${REDIRECT_URI}?next=https://evil.com`],
    ['a user name', 'https://partner.example.com@evil.com/oauth/callback'],
    ['upper case in the path', 'https://partner.example.com/OAUTH/callback'],
    ['a backslash', 'https://partner.example.com\\oauth\\callback'],
    ['an encoded character', 'https://partner.example.com/oauth/c%61llback'],
    ["another partner's redirect_uri", OTHER.redirect_uri],
  ])('refuses a redirect_uri with %s', async (_name, redirectUri) => {
    const answer = await call(t, token, 'GET', partnerUrl(PARTNER.client_id, redirectUri));
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'redirect_uri_mismatch' });
  });
});

describe('POST /api/v1/oauth/authorize', () => {
  it('answers a code and the state, and the redirect to the registered URI with both; only the hash is stored', async () => {
    const answer = await authorize({});
    expect(answer.statusCode).toBe(200);
    const { code, state, redirect_to } = answer.json<{ code: string; state: string; redirect_to: string }>();
    expect(state).toBe('xyz-123');
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const target = new URL(redirect_to);
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(target.searchParams)).toEqual({ code, state: 'xyz-123' });
    const rows = await t.db.query<{ code_hash: string; merchant_uuid: string }>('select code_hash, merchant_uuid from oauth_codes');
    expect(rows.map((row) => row.code_hash)).toContain(sha256(code));
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows.find((row) => row.code_hash === sha256(code))?.merchant_uuid).toBe(merchantUuid);
  });

  it('sends a denial back to the partner as access_denied with the state, and issues no code', async () => {
    const before = await codeCount();
    const answer = await authorize({ consent: false });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ redirect_to: string; code?: string }>();
    expect(body.code).toBeUndefined();
    expect(Object.fromEntries(new URL(body.redirect_to).searchParams)).toEqual({ error: 'access_denied', state: 'xyz-123' });
    expect(await codeCount()).toBe(before);
  });

  it.each([
    ['no session', {}, null, 401],
    ['an unknown client_id', { client_id: 'nobody-partner' }, 'token', 404],
    ['an extra path on the redirect_uri', { redirect_uri: `${REDIRECT_URI}/x` }, 'token', 422],
    ['a query added to the redirect_uri', { redirect_uri: `${REDIRECT_URI}?a=1` }, 'token', 422],
    ['userinfo in the redirect_uri', { redirect_uri: 'https://evil.com@partner.example.com/oauth/callback' }, 'token', 422],
    ['a case change in the path', { redirect_uri: 'https://partner.example.com/oauth/Callback' }, 'token', 422],
    ['a backslash in the redirect_uri', { redirect_uri: 'https://partner.example.com/oauth\\callback' }, 'token', 422],
    ['an encoded character in the redirect_uri', { redirect_uri: 'https://partner.example.com/oauth%2Fcallback' }, 'token', 422],
    ['a whitespace-padded redirect_uri', { redirect_uri: ` ${REDIRECT_URI}` }, 'token', 422],
    ["another partner's redirect_uri", { redirect_uri: OTHER.redirect_uri }, 'token', 422],
    ['no state', { state: undefined }, 'token', 422],
    ['an empty state', { state: '' }, 'token', 422],
    ['no consent', { consent: undefined }, 'token', 422],
    ['a merchant of someone else', { mid: '999999999' }, 'token', 404],
  ])('refuses %s, storing no code', async (_name, body, bearer, status) => {
    const before = await codeCount();
    const answer = await authorize(body, bearer === 'token' ? token : null);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).not.toHaveProperty('code', expect.stringMatching(/.{40}/));
    expect(answer.json()).not.toHaveProperty('redirect_to');
    expect(await codeCount()).toBe(before);
  });

  it('grants for the merchant named by mid when the user acts for it', async () => {
    const answer = await authorize({ mid: String(mid) });
    expect(answer.statusCode).toBe(200);
  });
});

describe('POST /api/v1/oauth/token', () => {
  it('exchanges a code once for an access token of that user and merchant, with the partner permissions as scope', async () => {
    const code = await newCode();
    const answer = await exchange({ code });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{ access_token: string; token_type: string; expires_in: number; scope: string; merchant_uuid: string; user_uuid: string }>();
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'manage_credentials', merchant_uuid: merchantUuid });
    expect(body.expires_in).toBeGreaterThan(0);
    const [row] = await t.db.query<{ user_id: string; merchant_uuid: string; client_id: string; scopes: string[] }>(
      'select user_id, merchant_uuid, client_id, scopes from oauth_access_tokens where token_hash = $1',
      [sha256(body.access_token)],
    );
    expect(row).toEqual({ user_id: body.user_uuid, merchant_uuid: merchantUuid, client_id: PARTNER.client_id, scopes: ['manage_credentials'] });

    const again = await exchange({ code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('is not a session of the app: the partner token cannot call the merchant API', async () => {
    const body = (await exchange({ code: await newCode() })).json<{ access_token: string }>();
    expect((await call(t, body.access_token, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
  });

  it('gives exactly one token for a concurrent burst of 5 exchanges of one code', async () => {
    const code = await newCode();
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange({ code })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    const [tokens] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from oauth_access_tokens where created_at >= (select created_at from oauth_codes where code_hash = $1)',
      [sha256(code)],
    );
    expect(tokens!.n).toBe(1);
  });

  it('refuses an expired code', async () => {
    const code = await newCode();
    await t.db.query("update oauth_codes set expires_at = now() - interval '1 second' where code_hash = $1", [sha256(code)]);
    const answer = await exchange({ code });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it.each([
    ['another redirect_uri', { redirect_uri: `${REDIRECT_URI}/x` }, 400, 'invalid_grant'],
    ['another client (with its own secret)', { client_id: OTHER.client_id, client_secret: OTHER.client_secret }, 400, 'invalid_grant'],
    ['a wrong client_secret', { client_secret: 'wrong-secret' }, 401, 'invalid_client'],
    ['an unknown client_id', { client_id: 'nobody-partner' }, 401, 'invalid_client'],
    ['another grant_type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
  ])('refuses %s, and the code still works for its own client afterwards', async (_name, body, status, error) => {
    const code = await newCode();
    const answer = await exchange({ code, ...body });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ error });
    expect(answer.json()).not.toHaveProperty('access_token');
    expect((await exchange({ code })).statusCode).toBe(200);
  });

  it('refuses an unknown code and a missing field', async () => {
    expect((await exchange({ code: 'not-a-code' })).statusCode).toBe(400);
    expect((await exchange({ code: undefined })).statusCode).toBe(422);
  });
});

describe('expired rows', () => {
  it('drops codes and tokens expired over a day ago when a new code is made', async () => {
    const code = await newCode();
    const token = (await exchange({ code })).json<{ access_token: string }>().access_token;
    await t.db.query("update oauth_codes set expires_at = now() - interval '2 days' where code_hash = $1", [sha256(code)]);
    await t.db.query("update oauth_access_tokens set expires_at = now() - interval '2 days' where token_hash = $1", [sha256(token)]);
    await newCode();
    expect(await t.db.query('select 1 from oauth_codes where code_hash = $1', [sha256(code)])).toEqual([]);
    expect(await t.db.query('select 1 from oauth_access_tokens where token_hash = $1', [sha256(token)])).toEqual([]);
  });
});

describe('GET /api/v1/oauth/token/info with a partner access token', () => {
  const info = (bearer: string, query = '') => call(t, bearer, 'GET', `/api/v1/oauth/token/info${query}`);

  it('tells the partner its one merchant, user, expiry and the scopes it was granted', async () => {
    const body = (await exchange({ code: await newCode() })).json<{ access_token: string; user_uuid: string }>();
    const answer = await info(body.access_token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      user_uuid: body.user_uuid,
      expires_in: expect.any(Number),
      client_id: PARTNER.client_id,
      merchant_uuid: merchantUuid,
      mid,
      scope: 'manage_credentials',
      acl_role: { name: PARTNER.name, acl_permissions: [{ name: 'manage_credentials', scopes: ['manage_credentials'] }] },
    });
    expect(answer.json().expires_in).toBeGreaterThan(3500);
    // Its own merchant by mid or uuid; any other is unknown to it.
    expect((await info(body.access_token, `?mid=${mid}`)).statusCode).toBe(200);
    expect((await info(body.access_token, `?mid=${merchantUuid}`)).statusCode).toBe(200);
    expect((await info(body.access_token, `?mid=${mid + 1}`)).statusCode).toBe(404);
  });

  it('narrows the scopes to what the user still holds, and ends with the membership', async () => {
    const body = (await exchange({ code: await newCode() })).json<{ access_token: string }>();
    const [membership] = await t.db.query<{ permissions: string[] }>('select permissions from memberships where merchant_uuid = $1', [merchantUuid]);
    await t.db.query("update memberships set permissions = array_remove(permissions, 'manage_credentials') where merchant_uuid = $1", [merchantUuid]);
    expect((await info(body.access_token)).json()).toMatchObject({ scope: '', acl_role: { acl_permissions: [] } });
    await t.db.query('update memberships set permissions = $2 where merchant_uuid = $1', [merchantUuid, membership!.permissions]);
    expect((await info(body.access_token)).json().scope).toBe('manage_credentials');
  });

  it('refuses an expired or unknown token (401)', async () => {
    const body = (await exchange({ code: await newCode() })).json<{ access_token: string }>();
    await t.db.query("update oauth_access_tokens set expires_at = now() - interval '1 second' where token_hash = $1", [sha256(body.access_token)]);
    expect((await info(body.access_token)).statusCode).toBe(401);
    expect((await info('not-a-token')).statusCode).toBe(401);
    expect((await call(t, null, 'GET', '/api/v1/oauth/token/info')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/oauth/authorize by a member without manage_thirdparty_access', () => {
  it('is refused (403): neither a code nor a denial is given for the merchant', async () => {
    const role = (await call(t, token, 'POST', `/api/v1/merchants/${merchantUuid}/acl_roles`, {
      acl_role: { name: 'Partner viewer', acl_permission_uuids: [aclPermissions.catalogue.find((permission) => permission.name === 'user_profile')!.uuid] },
    })).json().acl_role;
    const email = `oauth.member.${Date.now()}@example.com`;
    expect((await call(t, token, 'POST', `/api/v1/merchants/${merchantUuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Ravi Iyer' })).statusCode).toBe(201);
    const member = await signInWithOtp(t, email);
    const before = await codeCount();
    for (const consent of [true, false]) {
      const answer = await authorize({ mid: String(mid), consent }, member);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).not.toHaveProperty('redirect_to');
    }
    expect(await codeCount()).toBe(before);
  });
});
