import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/secrets';
import { call, latestOtp, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const sendOtp = (identity: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity } });
const verifyOtp = (identity: string, otp: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity, otp } });
const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

describe('POST /api/v1/user/send_otp', () => {
  it('refuses an identity that is neither an e-mail nor a mobile number, with the catalogue message', async () => {
    const response = await sendOtp('not-an-identity');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { identity: ['Enter a valid e-mail address or a 10-digit mobile number'] } });
  });

  it('delivers a 4-digit code through the sandbox inbox', async () => {
    expect((await sendOtp('9812345670')).statusCode).toBe(200);
    expect(await latestOtp(t.db, '9812345670')).toMatch(/^\d{4}$/);
  });

  it('takes a mobile number as merchants type it (spaces, +91, 91, a leading 0) as its 10 digits', async () => {
    for (const typed of ['+91 98123 45671', '91-9812345671', '09812345671', '(981) 234-5671']) {
      const response = await sendOtp(typed);
      expect(response.statusCode === 200 || response.statusCode === 429, `${typed}: ${response.statusCode}`).toBe(true);
    }
    const delivered = await t.db.query<{ recipient: string }>("select distinct recipient from sandbox_messages where recipient like '%5671'");
    expect(delivered.map((row) => row.recipient)).toEqual(['9812345671']);
  });

  it('refuses a resend within 20 seconds', async () => {
    await sendOtp('resend@example.com');
    const again = await sendOtp('resend@example.com');
    expect(again.statusCode).toBe(429);
    expect(again.json().messages.user[0]).toMatch(/^Please wait \d+ seconds before requesting another OTP\.$/);
  });
});

describe('POST /api/v1/user/verify_otp', () => {
  it('signs a new user up: a token, and a merchant of their own', async () => {
    const token = await signInWithOtp(t, 'New.Merchant@Example.com');
    const merchants = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants;
    expect(merchants).toHaveLength(1);
    const merchant = (await call(t, token, 'GET', `/api/v1/merchants/${merchants[0].uuid}`)).json().merchant;
    expect(merchant.email).toBe('new.merchant@example.com');
    expect(merchant.pan_verification_status).toBeNull();
  });

  it('answers token data with expires_in and user_uuid', async () => {
    await sendOtp('tokendata@example.com');
    const response = await verifyOtp('tokendata@example.com', await latestOtp(t.db, 'tokendata@example.com'));
    expect(response.json()).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(response.json().access_token).toMatch(/^[\w-]{40,}$/);
    expect(response.json().user_uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts wrong codes down, warns on the last attempt, then locks the account', async () => {
    const identity = 'wrong@example.com';
    await sendOtp(identity);
    const code = await latestOtp(t.db, identity);
    const texts: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await verifyOtp(identity, wrongCode(code));
      texts.push(response.json().messages.code?.[0] ?? response.json().messages.user[0]);
    }
    expect(texts).toEqual([
      'Incorrect OTP. 4 attempts left.',
      'Incorrect OTP. 3 attempts left.',
      'Incorrect OTP. 2 attempts left.',
      'Last attempt left! If you enter incorrect OTP, your account will be blocked.',
      'User is locked, please check email/sms for unlock instruction.',
    ]);
    const withRightCode = await verifyOtp(identity, code);
    expect(withRightCode.statusCode).toBe(423);
    expect(withRightCode.json().messages.user).toEqual(['User is locked, please check email/sms for unlock instruction.']);
    expect((await sendOtp(identity)).statusCode).toBe(423);
  });

  it('refuses a code that was already used', async () => {
    const identity = 'reuse@example.com';
    await sendOtp(identity);
    const code = await latestOtp(t.db, identity);
    expect((await verifyOtp(identity, code)).statusCode).toBe(200);
    const again = await verifyOtp(identity, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'otp_already_used', messages: { code: ['Otp has expired, please use resend OTP button.'] } });
  });

  it('refuses a code that has expired', async () => {
    const identity = 'expired@example.com';
    await sendOtp(identity);
    const code = await latestOtp(t.db, identity);
    await t.db.query(`update otps set expires_at = now() - interval '1 second' where identity = $1`, [identity]);
    expect((await verifyOtp(identity, code)).json().messages.code).toEqual(['Otp has expired, please use resend OTP button.']);
  });
});

describe('POST /api/v1/user/login', () => {
  beforeAll(async () => {
    await t.db.query(`insert into users (id, email, password_hash) values (gen_random_uuid(), 'pw@example.com', $1)`, [await hashPassword('Secret@123')]);
  });

  it('signs in with the right password', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity: 'pw@example.com', password: 'Secret@123' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toBeTruthy();
  });

  it('answers 401 with the attempts left for a wrong password, and locks after five', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity: 'pw@example.com', password: 'wrong' } });
    const first = await attempt();
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ attempts_left: 4, error_description: 'The e-mail, mobile number or password is incorrect. Attempts left: 4.' });
    for (let i = 0; i < 3; i++) await attempt();
    const fifth = await attempt();
    expect(fifth.json().messages.user).toEqual(['User is locked, please check email/sms for unlock instruction.']);
  });
});

describe('bearer tokens', () => {
  it('answers 401 without a token, with an unknown one and with an expired one', async () => {
    expect((await call(t, null, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
    expect((await call(t, 'made-up-token', 'GET', '/api/v1/merchants')).statusCode).toBe(401);
    const token = await signInWithOtp(t, 'expiry@example.com');
    expect((await call(t, token, 'GET', '/api/v1/merchants')).statusCode).toBe(200);
    await t.db.query(`update sessions set expires_at = now() - interval '1 second'`);
    expect((await call(t, token, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
    expect((await call(t, token, 'GET', '/api/v1/business_entities')).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await signInWithOtp(t, 'hashed@example.com');
    const rows = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('ends the session on logout', async () => {
    const token = await signInWithOtp(t, 'logout@example.com');
    expect((await call(t, token, 'DELETE', '/api/v1/user/logout')).statusCode).toBe(204);
    expect((await call(t, token, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
  });

  it('tells the role and permissions of the token', async () => {
    const token = await signInWithOtp(t, 'info@example.com');
    const info = (await call(t, token, 'GET', '/api/v1/oauth/token/info')).json();
    expect(info.acl_role.name).toBe('Owner');
    expect(info.acl_role.acl_permissions).toContainEqual({ name: 'update_user_profile', scopes: ['update_user_profile'] });
  });
});

describe('rate limit on sign-in calls', () => {
  it('answers 429 with the catalogue text past the per-minute limit', async () => {
    const limited = await testApp({ config: { authRateLimit: 2 } });
    try {
      const send = () => limited.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: 'x' } });
      await send();
      await send();
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().messages.user).toEqual(['Too many requests. Please wait a minute and try again.']);
    } finally {
      await limited.close();
    }
  });
});
