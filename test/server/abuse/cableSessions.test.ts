import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocketClient from 'ws';
import { sha256 } from '../../../server/auth/secrets';
import { createSession, userOfToken } from '../../../server/auth/sessions';
import { notifyProfile } from '../../../server/penny/profileEvents';
import { CABLE_CLOSE } from '../../../server/routes/cable';
import { CABLE_SOCKETS_PER_USER } from '../../../server/cable/cableSockets';
import { openCable, profileIdentifier } from '../cableClient';
import { permissionUuid, call, signInWithOtp, testApp, type TestApp } from '../testApp';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

let count = 0;
/** A new user with a merchant of their own. */
async function owner() {
  const token = await signInWithOtp(t, `cable.sessions.${++count}.${Date.now()}@example.com`);
  const uuid = (await call(t, token, 'GET', '/api/v1/merchants')).json().merchants[0].uuid as string;
  const { userId } = (await userOfToken(t.db, token))!;
  return { token, uuid, userId };
}
type Cable = Awaited<ReturnType<typeof openCable>>;
/** What the penny test pushes: the event every test sends once access has ended. */
const PENNY_EVENT = { penny_deposit_status: 'SUCCESS', penny_deposit_method: 'IMPS', bank_verification_status: 'pending' };
const isPenny = (message: Record<string, unknown>) => message.penny_deposit_status === 'SUCCESS';
const profileMessages = (cable: Cable) => cable.history.filter((m) => m.message);
/** Which comes first: the socket's close, or a delivery of the event to it. */
const closedOrDelivered = (cable: Cable, uuid: string) =>
  Promise.race([cable.closed.then((close) => ({ closed: close.code })), cable.pushed(uuid, isPenny).then(() => ({ delivered: true }))]);

describe('/cable ends a socket when its session ends', () => {
  it('closes it (disconnect, then 4401) on logout, and delivers nothing after', async () => {
    const o = await owner();
    const cable = await openCable(t.app, o.token);
    expect((await cable.subscribe(o.uuid)).type).toBe('confirm_subscription');
    expect((await call(t, o.token, 'DELETE', '/api/v1/user/logout')).statusCode).toBe(204);
    await notifyProfile(t.db, o.uuid, PENNY_EVENT);
    expect(await closedOrDelivered(cable, o.uuid)).toEqual({ closed: CABLE_CLOSE.SESSION_ENDED });
    expect(cable.history.at(-1)).toEqual({ type: 'disconnect', reason: 'session_ended', reconnect: false });
    expect(profileMessages(cable)).toEqual([]);
  });

  it("closes every socket of the user on logout everywhere, and leaves another user's open", async () => {
    const o = await owner();
    const other = await owner();
    const second = (await createSession(t.db, o.userId, 3600)).access_token;
    const [phone, laptop, stranger] = [await openCable(t.app, o.token), await openCable(t.app, second), await openCable(t.app, other.token)];
    for (const cable of [phone, laptop]) expect((await cable.subscribe(o.uuid)).type).toBe('confirm_subscription');
    expect((await stranger.subscribe(other.uuid)).type).toBe('confirm_subscription');
    expect((await call(t, o.token, 'DELETE', '/api/v1/user/logout?all=true')).statusCode).toBe(204);
    await notifyProfile(t.db, o.uuid, PENNY_EVENT);
    await notifyProfile(t.db, other.uuid, PENNY_EVENT);
    expect(await closedOrDelivered(phone, o.uuid)).toEqual({ closed: CABLE_CLOSE.SESSION_ENDED });
    expect(await closedOrDelivered(laptop, o.uuid)).toEqual({ closed: CABLE_CLOSE.SESSION_ENDED });
    expect(await closedOrDelivered(stranger, other.uuid)).toEqual({ delivered: true });
    expect([...profileMessages(phone), ...profileMessages(laptop)]).toEqual([]);
    stranger.socket.terminate();
  });

  it('closes it when the session has expired, at the next delivery, instead of delivering', async () => {
    const o = await owner();
    const cable = await openCable(t.app, o.token);
    await cable.subscribe(o.uuid);
    // Expired, not deleted: no notification says so.
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [sha256(o.token)]);
    await notifyProfile(t.db, o.uuid, PENNY_EVENT);
    expect(await closedOrDelivered(cable, o.uuid)).toEqual({ closed: CABLE_CLOSE.SESSION_ENDED });
    expect(profileMessages(cable)).toEqual([]);
  });

  it('closes a socket that follows nothing once its session has expired, at the periodic recheck', async () => {
    const o = await owner();
    const [idle, kept] = [await openCable(t.app, o.token), await openCable(t.app, (await createSession(t.db, o.userId, 3600)).access_token)];
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [sha256(o.token)]);
    await t.app.cable.recheck();
    expect(await idle.closed).toEqual({ code: CABLE_CLOSE.SESSION_ENDED, reason: 'session ended' });
    expect(kept.socket.readyState).toBe(kept.socket.OPEN);
    kept.socket.terminate();
  });

  it('refuses to subscribe a socket whose session ended while it was open', async () => {
    const o = await owner();
    const cable = await openCable(t.app, o.token);
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [sha256(o.token)]);
    cable.socket.send(JSON.stringify({ command: 'subscribe', identifier: profileIdentifier(o.uuid) }));
    const answer = await Promise.race([cable.closed.then((close) => close.code), cable.next((m) => m.type?.endsWith('_subscription') === true).then((m) => m.type)]);
    expect(answer).toBe(CABLE_CLOSE.SESSION_ENDED);
    expect(cable.history.some((m) => m.type === 'confirm_subscription')).toBe(false);
  });
});

describe('/cable ends a subscription when its membership ends', () => {
  it("tells a removed employee reject_subscription and delivers the merchant's events to them no more", async () => {
    const o = await owner();
    const role = (await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/acl_roles`, { acl_role: { name: 'Viewers', acl_permission_uuids: [permissionUuid('basic_permissions')] } })).json().acl_role;
    const email = `cable.employee.${++count}.${Date.now()}@example.com`;
    const invite = (await call(t, o.token, 'POST', `/api/v1/merchants/${o.uuid}/staff_invites`, { email, acl_role_id: role.id, name: 'Priya Kapoor' })).json().staff_invite;
    const employeeToken = await signInWithOtp(t, email);
    const employee = await openCable(t.app, employeeToken);
    const owners = await openCable(t.app, o.token);
    expect((await employee.subscribe(o.uuid)).type).toBe('confirm_subscription');
    await owners.subscribe(o.uuid);

    expect((await call(t, o.token, 'DELETE', `/api/v1/merchants/${o.uuid}/staff_invites/${invite.id}`)).statusCode).toBe(204);
    await notifyProfile(t.db, o.uuid, PENNY_EVENT);
    const ended = await Promise.race([
      employee.next((m) => m.type === 'reject_subscription').then((m) => m.identifier),
      employee.pushed(o.uuid, isPenny).then(() => 'delivered'),
    ]);
    expect(ended).toBe(profileIdentifier(o.uuid));
    // The owner, still a member, gets it; the employee's socket stays open (its session lives) with nothing delivered.
    await owners.pushed(o.uuid, isPenny);
    expect(profileMessages(employee)).toEqual([]);
    expect(employee.socket.readyState).toBe(employee.socket.OPEN);
    // Subscribing again is refused like any merchant not theirs.
    expect((await employee.subscribe(o.uuid)).type).toBe('reject_subscription');
    employee.socket.terminate();
    owners.socket.terminate();
  });
});

describe('/cable refuses what it cannot serve before the upgrade', () => {
  it('refuses a connection that does not offer cable.v1 with 400, also over a real port', async () => {
    const o = await owner();
    await expect(openCable(t.app, o.token, `bearer.${o.token}`)).rejects.toThrow('Unexpected server response: 400');
    await expect(openCable(t.app, o.token, `actioncable-v1-json, bearer.${o.token}`)).rejects.toThrow('Unexpected server response: 400');
    const address = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const answer = await new Promise<string>((resolve) => {
      const socket = new WebSocketClient(`${address}/cable`, ['other.v2', `bearer.${o.token}`]);
      socket.on('unexpected-response', (_request, response) => resolve(`HTTP ${response.statusCode}`));
      socket.on('open', () => {
        resolve(`open ${socket.protocol}`);
        socket.close();
      });
      socket.on('error', () => undefined);
    });
    expect(answer).toBe('HTTP 400');
  });

  it(`holds at most ${CABLE_SOCKETS_PER_USER} sockets of a user: of a burst of ${CABLE_SOCKETS_PER_USER + 5}, the rest are refused (429) or closed (4429)`, async () => {
    const o = await owner();
    const other = await owner();
    const burst = await Promise.allSettled(Array.from({ length: CABLE_SOCKETS_PER_USER + 5 }, () => openCable(t.app, o.token)));
    const opened = burst.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = burst.flatMap((outcome) => (outcome.status === 'rejected' ? [String((outcome.reason as Error).message)] : []));
    expect(refused.every((reason) => reason === 'Unexpected server response: 429')).toBe(true);
    // Each socket that opened is welcomed or closed with 4429 (counted as it opened), nothing in between.
    const fates = await Promise.all(opened.map((cable) => Promise.race([cable.next((m) => m.type === 'welcome').then(() => 'welcomed'), cable.closed.then((close) => `closed ${close.code}`)])));
    expect(fates.filter((fate) => fate === 'welcomed')).toHaveLength(CABLE_SOCKETS_PER_USER);
    expect([...fates.filter((fate) => fate !== 'welcomed'), ...refused.map(() => 'refused')].sort()).toEqual(
      Array.from({ length: 5 }, (_, i) => (i < refused.length ? 'refused' : `closed ${CABLE_CLOSE.TOO_MANY_SOCKETS}`)).sort(),
    );
    // The cap is full: the next is refused before the upgrade; another user is not held by it.
    await expect(openCable(t.app, o.token)).rejects.toThrow('Unexpected server response: 429');
    const others = await openCable(t.app, other.token);
    expect((await others.next((m) => m.type === 'welcome')).type).toBe('welcome');
    for (const cable of [...opened, others]) cable.socket.terminate();
  });
});
