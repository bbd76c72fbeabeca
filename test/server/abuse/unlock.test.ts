import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/secrets';
import { latestOtp, testApp, type TestApp } from '../testApp';
import { allowResend, login, sendOtp, statusCounts, unlock, unlockInstructions, verifyOtp, wrongCodes } from './signInCalls';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { publicUrl: 'https://onboarding.example.com' } });
});
afterAll(() => t.close());

const PASSWORD = 'Secret@123';
const LOCKED = 'User is locked, please check email/sms for unlock instruction.';
const UNLOCKED = 'Your account is unlocked. You can sign in again.';
const INVALID = 'This unlock code is not valid, or it has expired or been used.';

async function userWithPassword(email: string): Promise<void> {
  await t.db.query('insert into users (id, email, password_hash) values (gen_random_uuid(), $1, $2)', [email, await hashPassword(PASSWORD)]);
}

/** Locks password sign-in of an identity with a burst of wrong passwords; returns the one unlock code sent. */
async function lockPassword(identity: string): Promise<string> {
  const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => login(t, identity, `wrong-${n}`)));
  expect(statusCounts(answers)).toEqual({ 401: 4, 423: 8 });
  const [instruction, ...more] = await unlockInstructions(t, identity);
  expect(more).toEqual([]);
  return instruction!.code;
}

describe('the unlock instruction of a sign-in lock', () => {
  it('is sent once, to the e-mail locked alone, when a burst of wrong passwords locks it, and never in an answer', async () => {
    const identity = 'owner.password@example.com';
    await userWithPassword(identity);

    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => login(t, identity, `wrong-${n}`)));

    expect(statusCounts(answers)).toEqual({ 401: 4, 423: 36 });
    expect(answers.filter((answer) => answer.statusCode === 423).every((answer) => answer.json().messages.user[0] === LOCKED)).toBe(true);
    const instructions = await unlockInstructions(t, identity);
    expect(instructions).toHaveLength(1);
    const { code, link } = instructions[0]!;
    expect(code).toMatch(/^[A-Z2-7]{16}$/);
    expect(link).toBe(`https://onboarding.example.com/app/account/unlock?identity=owner.password%40example.com&code=${code}`);
    expect(answers.some((answer) => answer.body.includes(code))).toBe(false);
    const sentTo = await t.db.query<{ channel: string; recipient: string }>('select channel, recipient from sandbox_messages where body like $1', [`%${code}%`]);
    expect(sentTo).toEqual([{ channel: 'email', recipient: identity }]);
  });

  it('is sent by SMS to a mobile number whose OTP sign-in wrong codes locked', async () => {
    const identity = '9876500001';
    await sendOtp(t, identity);
    const answers = await Promise.all(wrongCodes(await latestOtp(t.db, identity), 30).map((guess) => verifyOtp(t, identity, guess)));
    expect(statusCounts(answers)).toEqual({ 422: 4, 423: 26 });

    expect(await unlockInstructions(t, identity)).toHaveLength(1);
    const sent = await t.db.query<{ channel: string }>(`select channel from sandbox_messages where recipient = $1 and subject = 'Unlock your account'`, [identity]);
    expect(sent).toEqual([{ channel: 'sms' }]);
  });

  it('is not sent for an identity that is no user\'s, whose lock is answered alike', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(t, 'no.user.here@example.com', 'guess')));
    expect(statusCounts(answers)).toEqual({ 401: 4, 423: 4 });
    expect(await t.db.query('select id from sandbox_messages where recipient = $1', ['no.user.here@example.com'])).toEqual([]);
  });
});

describe('POST /api/v1/user/unlock', () => {
  it('lifts the password lock with the code sent: of five concurrent uses one succeeds, then the right password signs in', async () => {
    const identity = 'unlocks.password@example.com';
    await userWithPassword(identity);
    const code = await lockPassword(identity);
    expect((await login(t, identity, PASSWORD)).statusCode).toBe(423);

    const uses = await Promise.all(Array.from({ length: 5 }, () => unlock(t, identity, code)));

    expect(statusCounts(uses)).toEqual({ 200: 1, 422: 4 });
    expect(uses.find((use) => use.statusCode === 200)!.json()).toEqual({ message: UNLOCKED });
    expect((await login(t, identity, PASSWORD)).statusCode).toBe(200);
    const again = await unlock(t, identity, code);
    expect(again.statusCode).toBe(422);
    expect(again.json().messages.code).toEqual([INVALID]);
  });

  it('lifts an OTP lock, so a user who signs in by OTP only has a way in again (the code typed in lower case, in groups)', async () => {
    const identity = 'otp.only@example.com';
    await sendOtp(t, identity);
    for (const guess of wrongCodes(await latestOtp(t.db, identity), 5)) await verifyOtp(t, identity, guess);
    await allowResend(t, identity);
    expect((await sendOtp(t, identity)).statusCode).toBe(423);
    const [instruction] = await unlockInstructions(t, identity);
    const code = instruction!.code;

    const typed = code.toLowerCase().replace(/(.{4})(?!$)/g, '$1 ');
    expect((await unlock(t, identity, typed)).statusCode).toBe(200);

    expect((await sendOtp(t, identity)).statusCode).toBe(200);
    expect((await verifyOtp(t, identity, await latestOtp(t.db, identity))).statusCode).toBe(200);
  });

  it('answers an identity that is no user\'s exactly as a wrong code of one that is locked', async () => {
    const identity = 'locked.compared@example.com';
    await userWithPassword(identity);
    const code = await lockPassword(identity);
    const otherCode = code.replace(/^./, (first) => (first === 'A' ? 'B' : 'A'));

    const [unknown, wrong] = await Promise.all([unlock(t, 'nobody.compared@example.com', code), unlock(t, identity, otherCode)]);

    expect([unknown.statusCode, wrong.statusCode]).toEqual([422, 422]);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ messages: { code: [INVALID] }, attempts_left: 4 });
    expect((await login(t, identity, PASSWORD)).statusCode).toBe(423);
  });

  it('checks five of 30 concurrent wrong codes for an identity, refuses the rest, and leaves the lock', async () => {
    const identity = 'guessed.unlock@example.com';
    await userWithPassword(identity);
    const code = await lockPassword(identity);
    const guesses = Array.from({ length: 30 }, (_, n) => `${'A'.repeat(14)}${String.fromCharCode(65 + (n % 26))}${n < 26 ? 'B' : 'C'}`).filter((guess) => guess !== code);

    const answers = await Promise.all(guesses.map((guess) => unlock(t, identity, guess)));

    expect(statusCounts(answers)).toEqual({ 422: 5, 429: guesses.length - 5 });
    expect(answers.find((answer) => answer.statusCode === 429)!.json().messages.user).toEqual(['Too many unlock codes were tried. The lock ends by itself within 30 minutes.']);
    expect((await login(t, identity, PASSWORD)).statusCode).toBe(423);
  });

  it('refuses a body without a code', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/user/unlock', payload: { identity: 'someone@example.com' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { code: ['This field cannot be left blank'] } });
  });
});
