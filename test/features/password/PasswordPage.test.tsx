import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PasswordPage, { LOGOUT_AFTER_SECONDS } from '../../../src/features/password/PasswordPage';
import { mockFetch } from '../../fetchMock';
import { renderScreenAt } from '../renderScreen';

const logout = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../src/app/nav/logout', () => ({ logout }));

type Answer = { status?: number; body?: unknown };
function renderPage(update: Answer = { body: { message: 'ok', logout_after_seconds: 4 } }) {
  const calls = mockFetch(({ url, method }) => {
    if (url === '/api/v1/user/update_password/send_otp' && method === 'POST') return { body: { otp_length: 4, channels: ['email'] } };
    if (url === '/api/v1/user/update_password' && method === 'PUT') return update;
    return undefined;
  });
  renderScreenAt('/account/password', '/account/password', <PasswordPage />);
  return { user: userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) }), calls };
}
async function fillAndSendOtp(user: ReturnType<typeof userEvent.setup>, password = 'Chai@2026x', confirm = password) {
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  logout.mockClear();
});

describe('PasswordPage', () => {
  it('sends an OTP, sets the password with it, confirms and signs out after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeInTheDocument();
    await fillAndSendOtp(user);
    expect(await screen.findByText(/We have sent an OTP/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('OTP digit 1'));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is updated. You will be signed out in 4 seconds');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ password: 'Chai@2026x', otp: '4821' });
    expect(logout).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(LOGOUT_AFTER_SECONDS * 1000);
    });
    expect(logout).toHaveBeenCalledOnce();
  });

  it('says when the two passwords differ, and sends nothing', async () => {
    const { user, calls } = renderPage();
    await fillAndSendOtp(user, 'Chai@2026x', 'Chai@2026y');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows each of the server's strength messages under the password, and a wrong OTP's text", async () => {
    const { user } = renderPage({ status: 422, body: { errors: { password: ['Password must contain a number.', 'Password must contain a special character from !@#$%^&*.'] } } });
    await fillAndSendOtp(user, 'Chaichai');
    await user.click(await screen.findByLabelText('OTP digit 1'));
    await user.keyboard('4821');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must contain a number.')).toBeInTheDocument();
    expect(screen.getByText('Password must contain a special character from !@#$%^&*.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveValue('Chaichai');
  });
});
