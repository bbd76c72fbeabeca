import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOtp, testApp, type TestApp } from '../testApp';
import { allowResend, sendOtp, statusCounts, verifyOtp, wrongCodes } from './signInCalls';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const LOCKED = 'User is locked, please check email/sms for unlock instruction.';

describe('OTP attempts under concurrency', () => {
  it('counts exactly five of 60 concurrent wrong codes, refuses the rest as locked, then refuses the right code', async () => {
    const identity = 'burst@example.com';
    await sendOtp(t, identity);
    const code = await latestOtp(t.db, identity);

    const responses = await Promise.all(wrongCodes(code, 60).map((guess) => verifyOtp(t, identity, guess)));

    expect(statusCounts(responses)).toEqual({ 422: 4, 423: 56 });
    const attemptsLeft = responses.filter((response) => response.statusCode === 422).map((response) => response.json().attempts_left as number);
    expect(attemptsLeft.sort()).toEqual([1, 2, 3, 4]);
    expect(responses.filter((response) => response.statusCode === 423).every((response) => response.json().messages.user[0] === LOCKED)).toBe(true);
    const withRightCode = await verifyOtp(t, identity, code);
    expect(withRightCode.statusCode).toBe(423);
    expect(withRightCode.json().messages.user).toEqual([LOCKED]);
  });

  it('sends one code for a burst of concurrent send_otp calls', async () => {
    const identity = 'sendburst@example.com';
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendOtp(t, identity)));
    expect(statusCounts(responses)).toEqual({ 200: 1, 429: 19 });
    expect(await t.db.query('select id from sandbox_messages where recipient = $1', [identity])).toHaveLength(1);
  });
});

describe('OTP attempts across resends', () => {
  it('locks after five wrong codes in total, however many codes were sent', async () => {
    const identity = 'resender@example.com';
    await sendOtp(t, identity);
    const firstCode = await latestOtp(t.db, identity);
    const texts: string[] = [];
    for (const guess of wrongCodes(firstCode, 4)) texts.push((await verifyOtp(t, identity, guess)).json().messages.code[0]);
    expect(texts.at(-1)).toBe('Last attempt left! If you enter incorrect OTP, your account will be blocked.');

    await allowResend(t, identity);
    expect((await sendOtp(t, identity)).statusCode).toBe(200);
    const secondCode = await latestOtp(t.db, identity);
    const fifth = await verifyOtp(t, identity, wrongCodes(secondCode, 1)[0]!);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().messages.user).toEqual([LOCKED]);

    expect((await verifyOtp(t, identity, secondCode)).statusCode).toBe(423);
    await allowResend(t, identity);
    expect((await sendOtp(t, identity)).statusCode).toBe(423);
  });

  it('starts the count again after a right code', async () => {
    const identity = 'forgetful@example.com';
    await sendOtp(t, identity);
    const firstCode = await latestOtp(t.db, identity);
    for (const guess of wrongCodes(firstCode, 4)) await verifyOtp(t, identity, guess);
    expect((await verifyOtp(t, identity, firstCode)).statusCode).toBe(200);

    await allowResend(t, identity);
    await sendOtp(t, identity);
    const secondCode = await latestOtp(t.db, identity);
    const again = await verifyOtp(t, identity, wrongCodes(secondCode, 1)[0]!);
    expect(again.statusCode).toBe(422);
    expect(again.json().attempts_left).toBe(4);
  });

  it('does not count a code that has expired or was already used', async () => {
    const identity = 'late@example.com';
    await sendOtp(t, identity);
    const code = await latestOtp(t.db, identity);
    await t.db.query(`update otps set expires_at = now() - interval '1 second' where identity = $1`, [identity]);
    for (let i = 0; i < 6; i++) expect((await verifyOtp(t, identity, code)).json().code).toBe('otp_already_used');

    await allowResend(t, identity);
    await sendOtp(t, identity);
    const fresh = await verifyOtp(t, identity, wrongCodes(await latestOtp(t.db, identity), 1)[0]!);
    expect(fresh.json().attempts_left).toBe(4);
  });

  it('lifts the lock when its window has passed', async () => {
    const identity = 'patient@example.com';
    await sendOtp(t, identity);
    for (const guess of wrongCodes(await latestOtp(t.db, identity), 5)) await verifyOtp(t, identity, guess);
    await allowResend(t, identity);
    expect((await sendOtp(t, identity)).statusCode).toBe(423);

    await t.db.query(`update sign_in_attempts set window_ends_at = now() - interval '1 second' where identity = $1`, [identity]);
    expect((await sendOtp(t, identity)).statusCode).toBe(200);
    expect((await verifyOtp(t, identity, await latestOtp(t.db, identity))).statusCode).toBe(200);
  });
});
