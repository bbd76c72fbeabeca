import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../../schemas/messages';
import { call, latestOtp, signInWithOtp, testApp, type TestApp } from './testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
/** A user signed up by OTP (no password yet), with the OTP to set one. */
async function user() {
  const email = `password.${++count}.${Date.now()}@example.com`;
  const token = await signInWithOtp(t, email);
  return { email, token };
}
type User = Awaited<ReturnType<typeof user>>;
const sendOtp = (u: User) => call(t, u.token, 'POST', '/api/v1/user/update_password/send_otp');
const update = (u: User, body: unknown) => call(t, u.token, 'PUT', '/api/v1/user/update_password', body);
const login = (identity: string, password: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: { identity, password } });
/** The code of the latest password OTP sent to the user's e-mail (from the sandbox's message store). */
async function passwordOtp(u: User) {
  const [row] = await t.db.query<{ body: string }>(`select body from sandbox_messages where recipient = $1 and subject = $2 order by created_at desc limit 1`, [u.email, message('server.otp.update_password.subject')]);
  return /\b(\d{4})\b/.exec(row?.body ?? '')?.[1] ?? '';
}

describe('setting a password (POST update_password/send_otp, PUT update_password)', () => {
  it('sets the first password of a user who signed up by OTP, ends every session, and the password signs in', async () => {
    const u = await user();
    // A second session of the same user (the first code made older than the resend gap).
    await t.db.query(`update otps set created_at = created_at - interval '1 minute' where identity = $1`, [u.email]);
    const other = await signInWithOtp(t, u.email);
    expect((await login(u.email, 'Chai@2026x')).statusCode).toBe(401);
    const sent = await sendOtp(u);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ otp_length: 4, channels: ['email'] });
    const updated = await update(u, { password: 'Chai@2026x', otp: await passwordOtp(u) });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ message: message('server.password.updated'), logout_after_seconds: 4 });
    expect((await call(t, u.token, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
    expect((await call(t, other, 'GET', '/api/v1/merchants')).statusCode).toBe(401);
    expect((await login(u.email, 'Chai@2026x')).statusCode).toBe(200);
  });

  it('gives each failed strength check its own message, and changes nothing', async () => {
    const u = await user();
    await sendOtp(u);
    const refused = await update(u, { password: 'chai', otp: await passwordOtp(u) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.password).toEqual(
      expect.arrayContaining([message('validation.passwordLength'), message('validation.passwordUppercase'), message('validation.passwordDigit'), message('validation.passwordSpecial')]),
    );
    expect((await call(t, u.token, 'GET', '/api/v1/merchants')).statusCode).toBe(200);
    expect((await login(u.email, 'chai')).statusCode).toBe(401);
  });

  it('refuses a wrong OTP with the attempts left, and the sign-in OTP is not one', async () => {
    const u = await user();
    await sendOtp(u);
    const wrong = await update(u, { password: 'Chai@2026x', otp: (await passwordOtp(u)) === '1111' ? '2222' : '1111' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { code: [expect.stringContaining('Incorrect OTP')] }, attempts_left: expect.any(Number) });
    await t.db.query(`update otps set created_at = created_at - interval '1 minute' where identity = $1`, [u.email]);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: u.email } })).statusCode).toBe(200);
    const signInCode = await latestOtp(t.db, u.email);
    expect((await update(u, { password: 'Chai@2026x', otp: signInCode })).statusCode).toBe(422);
    expect((await login(u.email, 'Chai@2026x')).statusCode).toBe(401);
  });

  it('refuses no session (401) and an extra field (422)', async () => {
    const u = await user();
    expect((await call(t, null, 'POST', '/api/v1/user/update_password/send_otp')).statusCode).toBe(401);
    expect((await call(t, null, 'PUT', '/api/v1/user/update_password', { password: 'Chai@2026x', otp: '1234' })).statusCode).toBe(401);
    expect((await update(u, { password: 'Chai@2026x', otp: '1234', email: 'evil@example.com' })).statusCode).toBe(422);
  });

  it('uses one OTP once under a burst of 5 updates', async () => {
    const u = await user();
    await sendOtp(u);
    const otp = await passwordOtp(u);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => update(u, { password: `Chai@2026x${i}`, otp })));
    // One wins; the others find the code used, or (once the winner ended the user's sessions) no session.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422 || status === 401)).toBe(true);
    const winner = statuses.indexOf(200);
    expect((await login(u.email, `Chai@2026x${winner}`)).statusCode).toBe(200);
  });
});
