import { describe, expect, it } from 'vitest';
import { snap, startProductInBrowser } from './harness';
import { latestSandboxMessage, signInByOtp } from './journey';

const product = startProductInBrowser();

describe('setting a password', () => {
  it('a merchant who signed up by OTP sets a password from the account menu, is signed out after 4 s and signs in with it', async () => {
    const email = `password.${Date.now()}@example.com`;
    const page = await product.phonePage();
    await signInByOtp(page, product.baseUrl, email);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Set a new password' }).click();
    await page.waitForURL(/\/app\/account\/password$/);
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    // A weak password first: the server names each failed check, and the OTP stays good for the next try.
    await page.getByLabel(/^New password/).fill('chaichai');
    await page.getByLabel(/^Confirm new password/).fill('chaichai');
    await snap(page, 'password');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText(/We have sent an OTP to your e-mail and mobile/).waitFor();
    const message = await latestSandboxMessage(page, product.baseUrl, email);
    expect(message).toMatch(/to set a new password/);
    await page.getByLabel('OTP digit 1').click();
    await page.keyboard.type(/\b(\d{4})\b/.exec(message)?.[1] ?? '');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password must contain an uppercase letter.').waitFor();
    await page.getByText('Password must contain a special character from !@#$%^&*.').waitFor();
    await snap(page, 'password-weak');
    await page.getByLabel(/^New password/).fill('Chai@2026x');
    await page.getByLabel(/^Confirm new password/).fill('Chai@2026x');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is updated. You will be signed out in 4 seconds' }).waitFor();
    await snap(page, 'password-updated');
    await page.waitForURL(/\/app\/account$/, { timeout: 15_000 });

    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill(email);
    await page.getByLabel(/^Password/).fill('Chai@2026x');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/onboarding$/);
  });

  it('five wrong passwords lock the sign-in; the code sent to the owner\'s e-mail unlocks it (360 px, axe)', async () => {
    const email = 'demo.individual@example.com';
    const page = await product.phonePage();
    await page.goto(`${product.baseUrl}/app/account`);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel(/^Password/).fill(`Wrong@${attempt}x`);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: attempt < 5 ? `Attempts left: ${5 - attempt}.` : 'User is locked' }).waitFor();
    }
    await page.getByRole('alert').filter({ hasText: 'User is locked, please check email/sms for unlock instruction.' }).waitFor();
    await snap(page, 'sign-in-locked');
    // The instruction went to the owner's own e-mail (the sandbox inbox here), never to the page.
    const message = await latestSandboxMessage(page, product.baseUrl, email);
    const code = /\bcode ([A-Z2-7]{16})\b/.exec(message)?.[1];
    expect(code, message).toBeTruthy();
    await page.getByRole('link', { name: 'I have an unlock code' }).click();
    await page.waitForURL(/\/app\/account\/unlock\?identity=/);
    await expect.poll(() => page.getByLabel('E-mail or mobile number').inputValue()).toBe(email);
    await page.getByLabel(/^Unlock code/).fill(code!);
    await snap(page, 'unlock');
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await page.getByText('Your account is unlocked. You can sign in again.').waitFor();
    await snap(page, 'unlock-done');
    await page.getByText('Go to sign in').click();
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('E-mail or mobile number').fill(email);
    await page.getByLabel(/^Password/).fill('Demo@1234');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/app\/(onboarding|welcome|assessment|terms-conditions)/);
  });
});

