import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '../../../src/shared/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignInPage, { handoffReturn, landingPath } from '../../../src/features/account/SignInPage';
import { activeSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname}</p>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/account" element={<SignInPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const token = { access_token: 'abc', expires_in: 3600, user_uuid: 'u1', token_type: 'Bearer' };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignInPage', () => {
  it('signs in with an OTP: submit enabled only with 4 digits, resend disabled for 20 s, then to redirectTo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockFetch(({ url }) => {
      if (url === '/api/v1/app_config') return { body: { sandbox: true } };
      if (url === '/api/v1/user/send_otp') return { body: { message: 'sent', resend_after: 20 } };
      if (url === '/api/v1/user/verify_otp') return { body: token };
      return undefined;
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/account?redirectTo=%2Fonboarding%2Fdocuments');
    await user.type(screen.getByLabelText(/E-mail or mobile number/), '9812345670');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));

    const verify = await screen.findByRole('button', { name: 'Verify OTP' });
    expect(verify).toBeDisabled();
    expect(screen.getByRole('button', { name: /Resend OTP in 20s/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Open sandbox inbox' })).toHaveAttribute('href', '/sandbox/inbox?recipient=9812345670');
    await user.type(screen.getByLabelText('OTP digit 1'), '123');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('OTP digit 4'), '4');
    expect(verify).toBeEnabled();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();

    await user.click(verify);
    expect(await screen.findByText('at /onboarding/documents')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/v1/user/verify_otp')?.body).toEqual({ identity: '9812345670', otp: '1234' });
    expect(activeSession()?.access_token).toBe('abc');
  });

  it("shows the server's OTP message (messages.code) on a wrong code", async () => {
    mockFetch(({ url }) => {
      if (url === '/api/v1/user/send_otp') return { body: { message: 'sent' } };
      if (url === '/api/v1/user/verify_otp') return { status: 422, body: { messages: { code: ['Last attempt left! If you enter incorrect OTP, your account will be blocked.'] } } };
      return { body: { sandbox: false } };
    });
    const user = userEvent.setup();
    renderAt('/account');
    await user.type(screen.getByLabelText(/E-mail or mobile number/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await user.type(await screen.findByLabelText('OTP digit 1'), '9999');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Last attempt left! If you enter incorrect OTP, your account will be blocked.');
  });

  it('titles a failed send "Failed" with messages.user', async () => {
    mockFetch(({ url }) =>
      url === '/api/v1/user/send_otp'
        ? { status: 423, body: { messages: { user: ['User is locked, please check email/sms for unlock instruction.'] } } }
        : { body: { sandbox: false } },
    );
    const user = userEvent.setup();
    renderAt('/account');
    await user.type(screen.getByLabelText(/E-mail or mobile number/), 'locked@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed');
    expect(alert).toHaveTextContent('User is locked, please check email/sms for unlock instruction.');
  });

  it("shows the spec's text for a server failure, with the request id on a line of its own", async () => {
    mockFetch(({ url }) =>
      url === '/api/v1/user/send_otp'
        ? { status: 500, body: { error: 'Some error occured. Please try again later.' }, headers: { 'x-request-id': '0a1b2c3d4e5f' } }
        : { body: { sandbox: false } },
    );
    const user = userEvent.setup();
    renderAt('/account');
    await user.type(screen.getByLabelText(/E-mail or mobile number/), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(within(alert).getByText('Reference: 0a1b2c3d4e5f')).toBeInTheDocument();
  });

  it('signs in with a password and lands on /onboarding by default', async () => {
    mockFetch(({ url, body }) => {
      if (url === '/api/v1/user/login') return (body as { password: string }).password === 'Demo@1234' ? { body: token } : { status: 401, body: { messages: { user: ['The e-mail, mobile number or password is incorrect. Attempts left: 4.'] } } };
      return { body: { sandbox: false } };
    });
    const user = userEvent.setup();
    renderAt('/account');
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await user.type(screen.getByLabelText(/E-mail or mobile number/), 'demo.individual@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail, mobile number or password is incorrect. Attempts left: 4.');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Demo@1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('at /onboarding')).toBeInTheDocument();
  });
});

describe('landingPath()', () => {
  it.each([
    [null, '/onboarding'],
    ['/onboarding/website', '/onboarding/website'],
    ['https://evil.example.com', '/onboarding'],
    ['//evil.example.com', '/onboarding'],
  ])('sends redirectTo %s to %s', (redirectTo, expected) => {
    expect(landingPath(redirectTo)).toBe(expected);
  });
});

describe('handoffReturn()', () => {
  it('goes back to /account/service_login with the whole query when the hand-off sent the user here', () => {
    expect(handoffReturn(new URLSearchParams('redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&campaign=x'))).toBe(
      '/account/service_login?redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&campaign=x',
    );
  });
  it('is null without redirect_to', () => {
    expect(handoffReturn(new URLSearchParams('redirectTo=%2Fonboarding'))).toBeNull();
  });
});
