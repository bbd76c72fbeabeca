import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankUpdate } from '../../../src/features/onboarding/components/BankUpdate';
import type { Merchant } from '../../../src/shared/api/types';
import { mockFetch } from '../../fetchMock';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const saved = { holder_name: 'Nimbus Stores', bank_account_number: '50100123456789', ifsc_code: 'HDFC0000001' };
const merchant = { uuid: UUID, mid: 8800002, product: 'PayUbiz', bank_detail: { id: 1, ...saved, bank_verification_status: 'verified' } } as unknown as Merchant;

function renderUpdate(timing: { updateAttemptsLeft: number; nextUpdateTime: string | null }, answers: Record<string, { status?: number; body?: unknown }> = {}) {
  const calls = mockFetch(({ method, url }) => {
    if (url.endsWith('/bank_update_timing')) return { body: timing };
    return answers[`${method} ${url}`];
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <BankUpdate merchant={merchant} data={{}} readonly mayAct fill={() => undefined} />
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('BankUpdate', () => {
  it('changes the details in two steps, details then OTP, sending the token the OTP gives', async () => {
    const { calls, user } = renderUpdate({ updateAttemptsLeft: 3, nextUpdateTime: null }, {
      'POST /api/v1/otps': { body: { message: 'OTP sent' } },
      'POST /api/v1/otps/verify': { body: { alternative_token: 'alt-token' } },
      [`POST /api/v1/merchants/${UUID}/bank_details`]: { body: { merchant } },
    });
    expect(await screen.findByText('You have 3 update attempts remaining.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update bank details' });
    await user.type(within(dialog).getByLabelText(/Bank Account Number/), saved.bank_account_number);
    await user.type(within(dialog).getByLabelText(/IFSC Code/), 'hdfc0000001');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Old and new bank details are same')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/v1/otps')).toBe(false);

    await user.clear(within(dialog).getByLabelText(/Bank Account Number/));
    await user.type(within(dialog).getByLabelText(/Bank Account Number/), '5010 0999 9999 99');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const otp = await screen.findByRole('dialog', { name: 'Verify it is you' });
    expect(within(otp).getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await user.click(within(otp).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Update bank details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Bank Account Number/)).toHaveValue('5010 0999 9999 99');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Verify it is you' });
    await user.click(screen.getByLabelText(/OTP digit 1/));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Bank details updated. We will verify the new account with a test deposit.')).toBeInTheDocument();
    const change = calls.find((call) => call.url.endsWith('/bank_details'));
    expect(change?.headers['alternative-token']).toBe('alt-token');
    expect(change?.body).toEqual({ bank_detail: { holder_name: 'Nimbus Stores', bank_account_number: '50100999999999', ifsc_code: 'HDFC0000001' } });
    expect(calls.find((call) => call.url === '/api/v1/otps')?.body).toEqual({ otp: { scope: 'update_bank_details', merchant_uuid: UUID, channels: ['email', 'sms'], type: 'SignIn' } });
  });

  it.each([
    [['email'], 'Enter the 4-digit OTP we sent to your e-mail.'],
    [['sms'], 'Enter the 4-digit OTP we sent to your mobile number.'],
    [['email', 'sms'], 'Enter the 4-digit OTP we sent to your e-mail and mobile number.'],
  ])('names the channels the OTP went by (%j)', async (channels, text) => {
    const { user } = renderUpdate({ updateAttemptsLeft: 3, nextUpdateTime: null }, { 'POST /api/v1/otps': { body: { message: 'OTP sent', channels } } });
    await user.click(await screen.findByRole('button', { name: 'Change bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update bank details' });
    await user.type(within(dialog).getByLabelText(/Bank Account Number/), '50100999999999');
    await user.type(within(dialog).getByLabelText(/IFSC Code/), 'HDFC0000001');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const otp = await screen.findByRole('dialog', { name: 'Verify it is you' });
    expect(within(otp).getByText(text)).toBeInTheDocument();
  });

  it('says when it is the last attempt', async () => {
    renderUpdate({ updateAttemptsLeft: 1, nextUpdateTime: null });
    expect(await screen.findByText('This is your last attempt to update the bank details.')).toBeInTheDocument();
  });

  it('offers no change when no attempt is left', async () => {
    const { calls } = renderUpdate({ updateAttemptsLeft: 0, nextUpdateTime: null });
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/bank_update_timing'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Change bank account' })).not.toBeInTheDocument();
  });

  it('says when to come back while the gap since the last change runs', async () => {
    renderUpdate({ updateAttemptsLeft: 2, nextUpdateTime: new Date(Date.now() + 3600_000).toISOString() });
    expect(await screen.findByText(/^Come back after .+ IST and try again$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change bank account' })).not.toBeInTheDocument();
  });
});
