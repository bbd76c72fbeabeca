import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { build } from '../server/app';
import type { ServerConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDemoData } from '../server/demo/seed';
import { loadSampleIfscDirectory } from '../server/reference/ifscDirectory';

/** Debian's Chromium, started as DEVELOPERS.md prescribes (no downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The database of one browser file: a copy of the run's migrated PGlite folder (e2e/globalSetup.ts), as `npm start`
 * keeps its data; or, with DATABASE_URL (as CI runs the browser tests), a schema of its own on that PostgreSQL server,
 * dropped when the file ends.
 */
async function openProductDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL || undefined;
  if (url) {
    const schema = `e2e_${randomBytes(6).toString('hex')}`;
    const db = await openDatabase({ url, schema });
    return { db, drop: async () => {
      await db.exec(`drop schema ${schema} cascade`);
      await db.close();
    } };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'onboarding-e2e-'));
  const template = inject('pgliteTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  const db = await openDatabase({ dataDir });
  return { db, drop: async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  } };
}

/** The product as `npm start` runs it (built app + API + database with demo data), on a free port; `config` adds settings. */
export async function startProduct(config: Partial<ServerConfig> = {}): Promise<{ baseUrl: string; query: Database['query']; stop(): Promise<void> }> {
  const { db, drop } = await openProductDatabase();
  await migrate(db);
  await loadSampleIfscDirectory(db);
  await seedDemoData(db);
  // E2E_APP_DIR: a build elsewhere than dist/ (vite build --outDir DIR/), so two builds do not overwrite each other.
  const app = await build({ db, config: { sandbox: true, logLevel: 'warn', ...config }, appDir: process.env.E2E_APP_DIR });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    query: (sql, params) => db.query(sql, params),
    async stop() {
      await app.close();
      await drop();
    },
  };
}

/** The phone-sized viewport every end-to-end test uses, and where screenshots go. */
export const PHONE = { width: 360, height: 740 };
export const SCREENSHOTS = 'e2e/screenshots';

/** Reports every Content-Security-Policy violation of a page as a console error the harness can catch. */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) =>
  console.error('CSP violation: ' + event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber));`;

/**
 * Starts the product and Chromium before the file's tests and stops them after;
 * `phonePage()` opens a page in a fresh context at phone size. A test fails when any of its
 * pages reported a Content-Security-Policy violation.
 */
export function startProductInBrowser(config: Partial<ServerConfig> = {}) {
  let browser: Browser | undefined;
  let product: Awaited<ReturnType<typeof startProduct>> | undefined;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    product = await startProduct(config);
    browser = await launchChromium();
  });
  const cspViolations: string[] = [];
  const pages: Page[] = [];
  // A failed test leaves a screenshot of each page it opened (e2e/screenshots/failed-*.png) to see what went wrong.
  afterEach(async ({ task }) => {
    const opened = pages.splice(0).filter((page) => !page.isClosed());
    if (task.result?.state !== 'fail') return;
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
    await Promise.all(opened.map((page, index) => page.screenshot({ path: `${SCREENSHOTS}/failed-${name}-${index}.png`, fullPage: true }).catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  afterEach(() => {
    expect(cspViolations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });
  return {
    get baseUrl(): string {
      if (!product) throw new Error('the product has not started');
      return product.baseUrl;
    },
    /**
     * SQL on the product's database, for what a browser cannot bring about: a failure injected into the storage, a
     * member's role narrowed (team accounts are the platform issue's).
     */
    query: ((sql, params) => {
      if (!product) throw new Error('the product has not started');
      return product.query(sql, params);
    }) as Database['query'],
    async phonePage(): Promise<Page> {
      if (!browser) throw new Error('the browser has not started');
      const context = await browser.newContext({ viewport: PHONE });
      await context.addInitScript(REPORT_CSP_VIOLATIONS);
      context.on('console', (message) => {
        if (message.type() === 'error' && /CSP violation|Content Security Policy/.test(message.text())) cspViolations.push(message.text());
      });
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
  };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The accessibility violations axe-core finds on the page as it is now (every rule axe runs by default, any impact),
 * one line each: rule, impact, and the elements. axe is evaluated through the debugging protocol, which the page's
 * Content-Security-Policy does not govern, so the page's own policy stays as strict as in production.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.map(({ id, impact, targets }) => `${id} (${impact}): ${targets.slice(0, 5).join(', ')}`);
}

/**
 * Waits until the page's finite animations and transitions (a dialog fading in, a chip's colour change, a button's
 * ripple) have run out, so that axe reads the colours the merchant ends up seeing, not a frame halfway through a fade.
 * Endless ones (a spinner, an indeterminate progress bar) are left running. Gives up after 5 s: axe then reports
 * what it sees.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let quietFrames = 0; quietFrames < 2 && performance.now() < deadline; ) {
      const running = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);
      quietFrames = running.length === 0 ? quietFrames + 1 : 0;
      if (running.length) await Promise.race([Promise.all(running.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 500))]);
      else await nextFrame();
    }
  });
}

/**
 * The visible controls a finger can miss on a phone: buttons, links, inputs (but text boxes, which are wide), options
 * and anything with a click role smaller than 44 × 44 CSS pixels, one line each. A radio or checkbox counts by its
 * label, which takes the tap too.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector = 'button, a[href], input[type=radio], input[type=checkbox], [role=button], [role=tab], [role=combobox], [role=option], select';
    const small: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const target = element.matches('input[type=radio], input[type=checkbox]') ? (element.closest('label') ?? element) : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (box.width + 0.5 < MIN || box.height + 0.5 < MIN) {
        const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40);
        small.push(`${target.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

/**
 * Fails the test, naming the screen, when axe finds any violation on it or a control is smaller than a fingertip (the
 * test goes on, to report every screen).
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe violations on ${screen}`).toEqual([]);
  expect.soft(await smallTapTargets(page), `tap targets under 44 px on ${screen}`).toEqual([]);
}

/** Checks a screen with axe (which waits for transitions to end), then keeps its full-page screenshot as `<name>.png`. */
export async function snap(page: Page, name: string): Promise<void> {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}
