import { DEMO_PASSWORD } from '../server/demo/seed';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** The row of a step on the onboarding page. */
export const row = (page: Page, step: string) => page.locator(`[data-step="${step}"]`);

/** A step's status chip text ("To do", "Completed", …). */
export const status = (page: Page, step: string) => row(page, step).getAttribute('data-status');

/** Opens a step's row unless it is open already (the page opens the next to-do step by itself). */
export async function openStep(page: Page, step: string) {
  const summary = page.locator(`#${step}-header`);
  await summary.waitFor();
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  await expect.poll(() => summary.getAttribute('aria-expanded')).toBe('true');
}

/** Chooses an option of a form's select (a native `<select>`) by its text: the first that equals or matches `option`. */
export async function chooseOption(scope: Locator, label: RegExp, option: string | RegExp) {
  const select = scope.getByRole('combobox', { name: label });
  const matches = (text: string) => text !== '' && (typeof option === 'string' ? text === option : option.test(text));
  // The options may arrive after the select (a form that is still loading, choices that follow another field).
  let texts: string[] = [];
  await expect.poll(async () => (texts = await select.locator('option').allTextContents()).some(matches), { message: `an option ${String(option)} in ${String(label)}` }).toBe(true);
  await select.selectOption({ label: texts.find(matches)! });
}

/** The latest message the sandbox "sent" to `recipient`, read from the sandbox inbox page. */
export async function latestSandboxMessage(page: Page, baseUrl: string, recipient: string): Promise<string> {
  const inbox = await page.context().newPage();
  await inbox.goto(`${baseUrl}/sandbox/inbox?recipient=${encodeURIComponent(recipient)}`);
  const text = (await inbox.locator('.message .body').first().textContent()) ?? '';
  await inbox.close();
  return text;
}

/**
 * Signs in by an e-mail OTP read from the sandbox inbox (an unknown e-mail signs up) from the sign-in page, or from
 * `entry` (an /app/account address with a query), and waits for the onboarding page (or the address `lands` matches).
 */
export async function signInByOtp(page: Page, baseUrl: string, email: string, entry = `${baseUrl}/app/account`, lands = /\/app\/onboarding$/) {
  await page.goto(entry);
  await page.getByLabel('E-mail or mobile number').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP digit 1').waitFor();
  const code = /\b(\d{4})\b/.exec(await latestSandboxMessage(page, baseUrl, email))?.[1] ?? '';
  await page.getByLabel('OTP digit 1').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.waitForURL(lands);
}

/** Signs up a new merchant by e-mail OTP and verifies its PAN as the given entity; returns the e-mail. */
export async function signUpWithPan(page: Page, baseUrl: string, { pan, entity, prefix }: { pan: string; entity: string; prefix: string }) {
  const email = `${prefix}.${Date.now()}@example.com`;
  await signInByOtp(page, baseUrl, email);
  const panRow = row(page, 'pan-details');
  await panRow.getByLabel(/PAN Number/).pressSequentially(pan);
  await chooseOption(panRow, /Business Entity/, entity);
  await panRow.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('dialog', { name: 'PAN verified' }).getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => status(page, 'pan-details')).toBe('Completed');
  return email;
}

/** The signed-in merchant of a page (its first merchant) and the header that calls the API as them. */
export async function merchantOfPage(page: Page, baseUrl: string): Promise<{ uuid: string; auth: { authorization: string } }> {
  const session = JSON.parse((await page.evaluate(() => localStorage.getItem('session'))) ?? '{}') as { access_token: string };
  const auth = { authorization: `Bearer ${session.access_token}` };
  const merchants = (await (await page.request.get(`${baseUrl}/api/v1/merchants`, { headers: auth })).json()) as { merchants: Array<{ uuid: string }> };
  return { uuid: merchants.merchants[0]!.uuid, auth };
}

/** The header that calls the API as a demo staff member (README: ops.admin, ops.reviewer; the demo password). */
export async function staffAuth(page: Page, baseUrl: string, email: string): Promise<{ authorization: string }> {
  const answer = (await (await page.request.post(`${baseUrl}/api/v1/user/login`, { data: { identity: email, password: DEMO_PASSWORD } })).json()) as { access_token: string };
  return { authorization: `Bearer ${answer.access_token}` };
}
