import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/secrets';
import { latestOtp, testApp, type TestApp } from '../testApp';
import { login, sendOtp, statusCounts, verifyOtp, wrongCodes } from './signInCalls';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret@123';
const LOCKED = 'User is locked, please check email/sms for unlock instruction.';

async function userWithPassword(email: string): Promise<void> {
  await t.db.query('insert into users (id, email, password_hash) values (gen_random_uuid(), $1, $2)', [email, await hashPassword(PASSWORD)]);
}

describe('password attempts under concurrency', () => {
  it('checks only five of 40 concurrent wrong passwords, locks the password, then refuses the right one', async () => {
    await userWithPassword('parallel@example.com');

    const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => login(t, 'parallel@example.com', `wrong-${n}`)));

    expect(statusCounts(responses)).toEqual({ 401: 4, 423: 36 });
    const withRightPassword = await login(t, 'parallel@example.com', PASSWORD);
    expect(withRightPassword.statusCode).toBe(423);
    expect(withRightPassword.json().messages.user).toEqual([LOCKED]);
  });
});

describe('password attempts', () => {
  it('starts the count again after the right password', async () => {
    await userWithPassword('remembers@example.com');
    for (let i = 0; i < 4; i++) await login(t, 'remembers@example.com', 'almost');
    expect((await login(t, 'remembers@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await login(t, 'remembers@example.com', 'almost')).json().attempts_left).toBe(4);
  });
});

describe('the password lock and the OTP lock are separate', () => {
  it('lets the owner sign in by OTP while the password is locked, and that sign-in unlocks the password', async () => {
    await userWithPassword('target@example.com');
    for (let i = 0; i < 5; i++) await login(t, 'target@example.com', 'stranger-guess');
    expect((await login(t, 'target@example.com', PASSWORD)).statusCode).toBe(423);

    expect((await sendOtp(t, 'target@example.com')).statusCode).toBe(200);
    expect((await verifyOtp(t, 'target@example.com', await latestOtp(t.db, 'target@example.com'))).statusCode).toBe(200);

    expect((await login(t, 'target@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('keeps password sign-in open while the OTP is locked', async () => {
    await userWithPassword('otplocked@example.com');
    await sendOtp(t, 'otplocked@example.com');
    const code = await latestOtp(t.db, 'otplocked@example.com');
    for (const guess of wrongCodes(code, 5)) await verifyOtp(t, 'otplocked@example.com', guess);
    expect((await verifyOtp(t, 'otplocked@example.com', code)).statusCode).toBe(423);

    expect((await login(t, 'otplocked@example.com', PASSWORD)).statusCode).toBe(200);
  });
});

describe('login does not tell which accounts exist', () => {
  it('answers an unknown identity, an account without a password and a wrong password alike', async () => {
    await userWithPassword('haspassword@example.com');
    await t.db.query(`insert into users (id, email) values (gen_random_uuid(), 'otponly@example.com')`);

    const answers = await Promise.all(
      ['nobody@example.com', 'otponly@example.com', 'haspassword@example.com'].map((identity) => login(t, identity, 'not-it')),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401]);
    const [unknown, withoutPassword, wrongPassword] = answers.map((answer) => answer.json());
    expect(wrongPassword).toMatchObject({ attempts_left: 4 });
    expect(wrongPassword.error_description).toBe(wrongPassword.error);
    expect(unknown).toEqual(wrongPassword);
    expect(withoutPassword).toEqual(wrongPassword);
  });

  it('locks an unknown identity after five attempts, as it would an account', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await login(t, '9000000001', 'guess'));
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(answers.map((answer) => answer.json().attempts_left)).toEqual([4, 3, 2, 1, undefined, undefined]);
  });
});
