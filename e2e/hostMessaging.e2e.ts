import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { expectAccessible, launchChromium, PHONE, SCREENSHOTS } from './harness';

// The app and two pages that embed it from other origins (other ports of 127.0.0.1: the same site, so the browser
// lets the framed app use its storage): one the app's EMBED_ORIGINS allows, one it does not. A third origin's frame
// inside the allowed page plays a foreign sender.

interface Message {
  origin: string;
  data: unknown;
}

/** A page that embeds the app at `appUrl` and records every message it hears (window.heard). */
const hostPage = (appUrl: string, foreignUrl?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Host page</title>
<style>body{margin:0;font-family:system-ui,sans-serif}iframe{border:0;width:100%;height:600px;display:block}</style></head>
<body><main><h1 style="font-size:16px;margin:8px">Host page</h1>
<iframe id="app" title="Merchant onboarding" src="${appUrl}"></iframe>
${foreignUrl ? `<iframe id="foreign" title="Foreign page" src="${foreignUrl}" style="height:40px"></iframe>` : ''}
</main><script>
window.heard = [];
addEventListener('message', (event) => window.heard.push({ origin: event.origin, data: event.data }));
</script></body></html>`;

/** A page of another origin that sends BackPressed to the app's frame when asked (window.sendBack()). */
const FOREIGN_PAGE = `<!doctype html><html lang="en"><head><title>Foreign</title></head><body>
<script>window.sendBack = () => parent.frames[0].postMessage({ event: 'BackPressed' }, '*');</script></body></html>`;

function serve(html: () => string): Promise<Server> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html()));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

let app: FastifyInstance;
let db: Database;
let dataDir: string;
let browser: Browser;
let appOrigin = '';
let appPath = '/app/account';
const servers: Server[] = [];
let allowedHost: Server;
let otherHost: Server;
let foreign: Server;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  foreign = await serve(() => FOREIGN_PAGE);
  allowedHost = await serve(() => hostPage(appOrigin + appPath, originOf(foreign)));
  otherHost = await serve(() => hostPage(appOrigin + appPath));
  servers.push(foreign, allowedHost, otherHost);
  dataDir = mkdtempSync(join(tmpdir(), 'onboarding-e2e-host-'));
  db = await openDatabase({ dataDir });
  await migrate(db);
  app = await build({ db, config: { sandbox: true, logLevel: 'warn', embedOrigins: [originOf(allowedHost)] }, appDir: process.env.E2E_APP_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  appOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app?.close();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new merchant's session, signed in through the API (as the native app would before opening the web view). */
async function signedInPath(email: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/api/v1/user/send_otp', payload: { identity: email } });
  const [sent] = await db.query<{ body: string }>('select body from sandbox_messages where recipient = $1 order by id desc limit 1', [email]);
  const otp = /\b(\d{4})\b/.exec(sent?.body ?? '')?.[1];
  const verified = await app.inject({ method: 'POST', url: '/api/v1/user/verify_otp', payload: { identity: email, otp } });
  const token = verified.json<{ access_token: string }>().access_token;
  const merchants = await app.inject({ method: 'GET', url: '/api/v1/merchants', headers: { authorization: `Bearer ${token}` } });
  const uuid = merchants.json<{ merchants: Array<{ uuid: string }> }>().merchants[0]!.uuid;
  return `/app/onboarding?token=${token}&merchant_uuid=${uuid}`;
}

async function hostOf(server: Server): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { ...PHONE, height: 760 } })).newPage();
  await page.goto(originOf(server));
  return page;
}

/** The events the host page heard from the app's origin, in order. */
const heardFromApp = (page: Page) => page.evaluate((origin) => (window as unknown as { heard: Message[] }).heard.filter((message) => message.origin === origin).map((message) => message.data), appOrigin);

/** The host's back button: the page sends BackPressed to the app's frame at the app's exact origin. */
const pressBack = (page: Page) => page.evaluate((origin) => (document.getElementById('app') as HTMLIFrameElement).contentWindow!.postMessage({ event: 'BackPressed' }, origin), appOrigin);

/** Submits a PAN in the framed app and waits for its "PAN verified" dialog (the dialog the host hears about). */
async function openPanVerifiedDialog(frame: FrameLocator) {
  const panRow = frame.locator('[data-step="pan-details"]');
  await panRow.getByLabel(/PAN Number/).pressSequentially('AAACP7311K');
  await panRow.getByRole('combobox', { name: /Business Entity/ }).selectOption({ label: 'Private Limited' });
  await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
  const verified = frame.getByRole('dialog', { name: 'PAN verified' });
  await verified.waitFor();
  return verified;
}

describe('host messages in an embedding page', () => {
  it('tells a page of an allowed origin about dialogs, logout and back, and hears only that page', async () => {
    appPath = await signedInPath(`host.allowed.${Date.now()}@example.com`);
    const host = await hostOf(allowedHost);
    const frame = host.frameLocator('#app');
    const verified = await openPanVerifiedDialog(frame);
    await expect.poll(() => heardFromApp(host)).toEqual([{ event: 'DialogOpened' }]);
    await expectAccessible(host, 'host-page-dialog');
    await host.screenshot({ path: `${SCREENSHOTS}/host-page-dialog.png` });

    // The host's back button closes the dialog (as Escape does) instead of leaving the app.
    await pressBack(host);
    await verified.waitFor({ state: 'detached' });
    await expect.poll(() => heardFromApp(host)).toEqual([{ event: 'DialogOpened' }, { event: 'DialogClosed' }]);

    // A foreign origin's BackPressed is ignored: with no dialog and no page to go back to, the app would answer one.
    await host.frame({ url: `${originOf(foreign)}/` })!.evaluate(() => (window as unknown as { sendBack(): void }).sendBack());
    // Logout is in the account menu.
    await frame.getByRole('button', { name: 'Account menu' }).click();
    await frame.getByRole('menuitem', { name: 'Logout' }).click();
    await host.waitForTimeout(1000);
    await expect.poll(() => heardFromApp(host)).toEqual([{ event: 'DialogOpened' }, { event: 'DialogClosed' }, { event: 'Logout' }]);

    // At the first page of the app, back has nowhere to go in the app: the host is told, so it may close it.
    await frame.getByLabel('E-mail or mobile number').waitFor();
    await expect
      .poll(async () => {
        await pressBack(host);
        return (await heardFromApp(host)).length;
      })
      .toBeGreaterThan(3);
    expect((await heardFromApp(host)).slice(3)).toContainEqual({ event: 'BackPressed' });
    await host.context().close();
  });

  it('is not shown in a page of another origin (frame-ancestors), which hears nothing', async () => {
    appPath = '/app/account';
    const host = await hostOf(otherHost);
    await host.waitForTimeout(1000);
    expect(host.frames().some((frame) => frame.url().startsWith(appOrigin))).toBe(false);
    expect(await heardFromApp(host)).toEqual([]);
    await host.context().close();
  });

  it('tells nothing to a parent page outside the allow-list (its own origin, which frame-ancestors lets through), and does not heed it', async () => {
    appPath = await signedInPath(`host.other.${Date.now()}@example.com`);
    const context = await browser.newContext({ viewport: { ...PHONE, height: 760 } });
    await context.route(`${appOrigin}/embedding-test`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostPage(appOrigin + appPath) }));
    const host = await context.newPage();
    await host.goto(`${appOrigin}/embedding-test`);
    const frame = host.frameLocator('#app');
    const verified = await openPanVerifiedDialog(frame);
    await pressBack(host);
    await host.waitForTimeout(1000);
    // Not heeded: the dialog stays open.
    await expect(verified.isVisible()).resolves.toBe(true);
    await verified.getByRole('button', { name: 'Continue' }).click();
    // Logout is in the account menu.
    await frame.getByRole('button', { name: 'Account menu' }).click();
    await frame.getByRole('menuitem', { name: 'Logout' }).click();
    await frame.getByLabel('E-mail or mobile number').waitFor();
    await pressBack(host);
    await host.waitForTimeout(1000);
    expect(await heardFromApp(host)).toEqual([]);
    await context.close();
  });
});
