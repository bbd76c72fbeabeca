import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/secrets';
import { call, latestOtp, signInWithOtp, testApp, type TestApp } from '../testApp';
import { allowResend, login, sendOtp, statusCounts, verifyOtp, wrongCodes } from './signInCalls';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Signs the same identity in `count` times, as from several devices. */
async function sessionsOf(identity: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await allowResend(t, identity);
    tokens.push(await signInWithOtp(t, identity));
  }
  return tokens;
}

const signedIn = async (token: string) => (await call(t, token, 'GET', '/api/v1/merchants')).statusCode === 200;

describe('DELETE /api/v1/user/logout', () => {
  it('ends only the session of the token by default', async () => {
    const [phone, laptop] = await sessionsOf('two.devices@example.com', 2);
    expect((await call(t, phone!, 'DELETE', '/api/v1/user/logout')).statusCode).toBe(204);
    expect(await signedIn(phone!)).toBe(false);
    expect(await signedIn(laptop!)).toBe(true);
  });

  it('ends every session of the user with ?all=true, and no one else\'s', async () => {
    const [phone, laptop, tablet] = await sessionsOf('three.devices@example.com', 3);
    const someoneElse = await signInWithOtp(t, 'someone.else@example.com');
    expect((await call(t, phone!, 'DELETE', '/api/v1/user/logout?all=true')).statusCode).toBe(204);
    expect([await signedIn(phone!), await signedIn(laptop!), await signedIn(tablet!)]).toEqual([false, false, false]);
    expect(await signedIn(someoneElse)).toBe(true);
  });

  it('refuses an unknown value of all', async () => {
    const [token] = await sessionsOf('odd.query@example.com', 1);
    const refused = await call(t, token!, 'DELETE', '/api/v1/user/logout?all=everyone');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { all: ['This value is not accepted'] } });
    expect(await signedIn(token!)).toBe(true);
  });
});

describe('a sign-in lock leaves the user\'s sessions alone (a stranger\'s guesses sign no one out)', () => {
  it('keeps them when wrong codes lock the OTP', async () => {
    const identity = 'otp.lock@example.com';
    const [phone, laptop] = await sessionsOf(identity, 2);
    await allowResend(t, identity);
    await sendOtp(t, identity);
    const guesses = await Promise.all(wrongCodes(await latestOtp(t.db, identity), 20).map((guess) => verifyOtp(t, identity, guess)));
    expect(statusCounts(guesses)).toEqual({ 422: 4, 423: 16 });
    expect([await signedIn(phone!), await signedIn(laptop!)]).toEqual([true, true]);
  });

  it('keeps them when wrong passwords lock the password', async () => {
    const identity = 'password.lock@example.com';
    const [token] = await sessionsOf(identity, 1);
    await t.db.query('update users set password_hash = $2 where email = $1', [identity, await hashPassword('Secret@123')]);
    const guesses = await Promise.all(Array.from({ length: 20 }, () => login(t, identity, 'wrong')));
    expect(statusCounts(guesses)).toEqual({ 401: 4, 423: 16 });
    expect(await signedIn(token!)).toBe(true);
  });
});
