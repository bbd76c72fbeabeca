import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../../server/auth/clientAddress';
import { hashPassword } from '../../../server/auth/secrets';
import { latestOtp, testApp, type TestApp } from '../testApp';
import { allowResend, login, sendOtp, statusCounts, unlock, unlockInstructions, verifyOtp, wrongCodes } from './signInCalls';

/** The failed attempts a client address may make in a window, in this file. */
const ADDRESS_LIMIT = 10;

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ config: { signInAddressLimit: ADDRESS_LIMIT } });
});
afterAll(() => t.close());

const PASSWORD = 'Secret@123';
/** A client address of its own for each test (documentation ranges), so their counts do not meet. */
let nextAddress = 1;
const anAddress = () => `203.0.113.${nextAddress++}`;

async function userWithPassword(email: string): Promise<void> {
  await t.db.query('insert into users (id, email, password_hash) values (gen_random_uuid(), $1, $2)', [email, await hashPassword(PASSWORD)]);
}

describe('failed sign-in attempts per client address', () => {
  it('checks ten of 30 concurrent wrong passwords from one address across 30 identities, and charges no identity for the rest', async () => {
    const from = anAddress();
    const identities = Array.from({ length: 30 }, (_, n) => `sprayed.${n}@example.com`);

    const answers = await Promise.all(identities.map((identity) => login(t, identity, 'guess', from)));

    expect(statusCounts(answers)).toEqual({ 401: ADDRESS_LIMIT, 429: 30 - ADDRESS_LIMIT });
    const slowed = answers.find((answer) => answer.statusCode === 429)!.json();
    expect(slowed.messages.user[0]).toMatch(/^Too many failed sign-in attempts from your network\. Please try again in \d+ minutes\.$/);
    expect(slowed.retry_after).toBeGreaterThan(0);
    const checked = identities[answers.findIndex((answer) => answer.statusCode === 401)]!;
    const refused = identities[answers.findIndex((answer) => answer.statusCode === 429)]!;
    expect((await login(t, checked, 'guess', anAddress())).json().attempts_left).toBe(3);
    expect((await login(t, refused, 'guess', anAddress())).json().attempts_left).toBe(4);
  });

  it('cannot lock an identity once its attempts are used up: the owner still signs in, with no unlock message', async () => {
    const from = anAddress();
    for (let n = 0; n < ADDRESS_LIMIT; n++) await login(t, `filler.${n}@example.com`, 'guess', from);
    const victim = 'not.locked@example.com';
    await userWithPassword(victim);

    const answers = await Promise.all(Array.from({ length: 20 }, () => login(t, victim, 'guess', from)));

    expect(statusCounts(answers)).toEqual({ 429: 20 });
    expect(await unlockInstructions(t, victim)).toEqual([]);
    expect((await login(t, victim, PASSWORD, anAddress())).statusCode).toBe(200);
  });

  it('locks at most two identities from one address, as ten failures allow', async () => {
    const from = anAddress();
    const identities = ['first.target@example.com', 'second.target@example.com', 'third.target@example.com'];
    for (const identity of identities) await userWithPassword(identity);

    const answers = await Promise.all(identities.flatMap((identity) => Array.from({ length: 10 }, () => login(t, identity, 'guess', from))));

    expect(answers.filter((answer) => answer.statusCode !== 429)).toHaveLength(ADDRESS_LIMIT);
    const locked = await Promise.all(identities.map(async (identity) => (await login(t, identity, PASSWORD, anAddress())).statusCode === 423));
    expect(locked.filter(Boolean).length).toBeLessThanOrEqual(2);
  });

  it('gives the attempt back when the password is right: honest sign-ins behind one address never fill its count', async () => {
    const from = anAddress();
    const owner = 'behind.nat@example.com';
    await userWithPassword(owner);
    for (let n = 0; n < ADDRESS_LIMIT - 1; n++) await login(t, `typo.${n}@example.com`, 'guess', from);

    // One at a time: a sign-in holds one of the address's attempts while its password is checked.
    const signIns = [];
    for (let n = 0; n < 20; n++) signIns.push(await login(t, owner, PASSWORD, from));

    expect(statusCounts(signIns)).toEqual({ 200: 20 });
    expect((await login(t, 'last.typo@example.com', 'guess', from)).statusCode).toBe(401);
    expect((await login(t, 'one.more@example.com', 'guess', from)).statusCode).toBe(429);
  });

  it('counts wrong OTPs of the address, and no code that has expired', async () => {
    const from = anAddress();
    const identity = 'otp.from.one@example.com';
    await sendOtp(t, identity);
    const code = await latestOtp(t.db, identity);
    await t.db.query(`update otps set expires_at = now() - interval '1 second' where identity = $1`, [identity]);
    for (let n = 0; n < 15; n++) expect((await verifyOtp(t, identity, code, from)).json().code).toBe('otp_already_used');

    await allowResend(t, identity);
    await sendOtp(t, identity);
    const answers = await Promise.all(wrongCodes(await latestOtp(t.db, identity), 15).map((guess) => verifyOtp(t, identity, guess, from)));

    expect(statusCounts(answers)).toEqual({ 422: 4, 423: ADDRESS_LIMIT - 4, 429: 15 - ADDRESS_LIMIT });
  });

  it('counts wrong unlock codes of the address too', async () => {
    const from = anAddress();
    const answers = await Promise.all(Array.from({ length: 3 * ADDRESS_LIMIT }, (_, n) => unlock(t, `unlock.spray.${n}@example.com`, 'AAAAAAAAAAAAAAAA', from)));
    expect(statusCounts(answers)).toEqual({ 422: ADDRESS_LIMIT, 429: 2 * ADDRESS_LIMIT });
  });

  it('counts an IPv6 client by its /64: another address of the block is refused, another block is not', async () => {
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_LIMIT }, (_, n) => login(t, `ipv6.${n}@example.com`, 'guess', n % 2 ? '2001:db8:1:2::1' : '2001:db8:1:2:ffff:ffff:ffff:9')),
    );
    expect(statusCounts(answers)).toEqual({ 401: ADDRESS_LIMIT });

    expect((await login(t, 'ipv6.next@example.com', 'guess', '2001:0db8:0001:0002::abcd')).statusCode).toBe(429);
    expect((await login(t, 'ipv6.next@example.com', 'guess', '2001:db8:1:3::1')).statusCode).toBe(401);
  });
});

describe('clientAddressKey()', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0000:0001:0002:0003:0004', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
