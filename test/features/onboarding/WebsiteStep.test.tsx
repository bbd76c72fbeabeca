import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const WEBSITE_UUID = '99999999-8888-4777-8666-555555555555';
const merchant: Merchant = { uuid: UUID, mid: 8800001, integration_type: 'NOT_SELECTED', website_detail: null, pancard_number: 'AAACN4521K', pan_verification_status: 'verified' };
const checked = (liveliness: string, url: string) => ({
  uuid: WEBSITE_UUID,
  website_url: url,
  android_url: null,
  ios_url: null,
  website_approval_status: 'Pending',
  liveliness_status: liveliness,
  domain_status_by_merchant: null,
});

function renderStep(answerWebsite: (body: { website_detail: Record<string, unknown> }) => Record<string, unknown>, otpAnswer: Record<string, unknown> = { message: 'OTP sent' }) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const onSaved = vi.fn();
  const calls = mockFetch(({ method, url, body }) => {
    if (method === 'POST' && url === '/api/v1/otps') return { body: otpAnswer };
    if (method === 'POST' && url === '/api/v1/otps/verify') return { body: { alternative_token: 'alt-token' } };
    if (method === 'POST' && url === `/api/v1/merchants/${UUID}/website_details`) {
      const saved = { ...merchant, ...answerWebsite(body as { website_detail: Record<string, unknown> }) };
      return { body: { website_detail: saved.website_detail, merchant: saved } };
    }
    if (method === 'PUT' && url === `/api/v1/website_details/${WEBSITE_UUID}/domain_status`) {
      return { body: { merchant: { ...merchant, website_detail: { website_url: 'x', domain_status_by_merchant: (body as { domain_status_by_merchant: string }).domain_status_by_merchant } } } };
    }
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="website-details" merchant={merchant} readonly={false} onSaved={onSaved} />
    </SWRConfig>,
  );
  return { calls, onSaved, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the website details step', () => {
  it('asks for the OTP before sending a website, sends the token, then asks whether the live domain is active', async () => {
    const { calls, onSaved, user } = renderStep(({ website_detail }) => ({ integration_type: 'THIRD_PARTY', website_detail: checked('live', website_detail.website_url as string) }));
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    await user.type(await screen.findByRole('textbox', { name: /Website URL/ }), 'https://www.sharmastores.in');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const otp = await screen.findByRole('dialog', { name: 'Verify it is you' });
    expect(calls.some((call) => call.url.endsWith('/website_details'))).toBe(false);
    await waitFor(() => expect(calls.find((call) => call.url === '/api/v1/otps')?.body).toEqual({ otp: { scope: 'update_website_details', merchant_uuid: UUID, channels: ['email', 'sms'], type: 'SignIn' } }));
    expect(within(otp).getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
    await user.click(within(otp).getByLabelText(/OTP digit 1/));
    await user.keyboard('1234');
    await user.click(within(otp).getByRole('button', { name: 'Verify' }));

    const status = await screen.findByRole('dialog', { name: 'Your website is live' });
    const sent = calls.find((call) => call.url.endsWith('/website_details'));
    expect(sent?.headers['alternative-token']).toBe('alt-token');
    expect(sent?.body).toEqual({ website_detail: { integration_type: 'THIRD_PARTY', website_url: 'https://www.sharmastores.in' } });
    expect(within(status).getByText(/We found your website at https:\/\/www.sharmastores.in/)).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'YES, IT IS ACTIVE' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith('/domain_status'))?.body).toEqual({ domain_status_by_merchant: 'active' });
    expect(onSaved.mock.calls[0]![0].website_detail.domain_status_by_merchant).toBe('active');
  });

  it.each([
    [['email'], 'Enter the 4-digit OTP we sent to your e-mail.'],
    [['sms'], 'Enter the 4-digit OTP we sent to your mobile number.'],
    [['email', 'sms'], 'Enter the 4-digit OTP we sent to your e-mail and mobile number.'],
    [[], 'We could not send an OTP: there is no e-mail address or mobile number on your account.'],
  ])('names in the OTP dialog the channels the server says it used (%j)', async (channels, text) => {
    const { user } = renderStep(({ website_detail }) => ({ integration_type: 'THIRD_PARTY', website_detail: checked('live', website_detail.website_url as string) }), { message: 'OTP sent', channels });
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    await user.type(await screen.findByRole('textbox', { name: /Website URL/ }), 'https://www.sharmastores.in');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const otp = await screen.findByRole('dialog', { name: 'Verify it is you' });
    expect(await within(otp).findByText(text)).toBeInTheDocument();
    if (!channels.includes('sms')) expect(within(otp).queryByText(/mobile number\.$/)).not.toBeInTheDocument();
  });

  it('says when the website is not live yet, and records the answer', async () => {
    const { calls, onSaved, user } = renderStep(({ website_detail }) => ({ integration_type: 'THIRD_PARTY', website_detail: checked('under_construction', website_detail.website_url as string) }));
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    await user.type(await screen.findByRole('textbox', { name: /Website URL/ }), 'https://construction.example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const otp = await screen.findByRole('dialog', { name: 'Verify it is you' });
    await user.click(within(otp).getByLabelText(/OTP digit 1/));
    await user.keyboard('1234');
    await user.click(within(otp).getByRole('button', { name: 'Verify' }));
    const status = await screen.findByRole('dialog', { name: 'Your website does not look live yet' });
    expect(within(status).getByText('The website at https://construction.example.com is still under construction.')).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'NO, NOT YET' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith('/domain_status'))?.body).toEqual({ domain_status_by_merchant: 'inactive' });
  });

  it('keeps what was typed when the OTP is cancelled, sending nothing and showing no error', async () => {
    const { calls, onSaved, user } = renderStep(() => ({}));
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    await user.type(await screen.findByRole('textbox', { name: /Website URL/ }), 'https://www.sharmastores.in');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Verify it is you' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /Website URL/ })).toHaveValue('https://www.sharmastores.in');
    expect(screen.queryByText('Oh no!')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/website_details'))).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('puts https:// in front of an address typed without it, as it is typed', async () => {
    const { user } = renderStep(() => ({}));
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    const field = await screen.findByRole('textbox', { name: /Website URL/ });
    await user.type(field, 'www.sharmastores.in');
    expect(field).toHaveValue('https://www.sharmastores.in');
  });

  it('refuses what is not a web address before anything is sent', async () => {
    const { calls, user } = renderStep(() => ({}));
    await user.click(await screen.findByRole('radio', { name: 'On my website or app' }));
    await user.type(await screen.findByRole('textbox', { name: /Website URL/ }), 'sharmastores');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Entered URL is invalid')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends payment links and tools without an OTP or a status question', async () => {
    const { calls, onSaved, user } = renderStep(() => ({ integration_type: 'TOOLS', website_detail: { ...checked('live', ''), website_url: null, liveliness_status: null, website_approval_status: null } }));
    await user.click(await screen.findByRole('radio', { name: 'With payment links and tools (no website)' }));
    expect(screen.queryByRole('textbox', { name: /Website URL/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.url.endsWith('/website_details'))?.body).toEqual({ website_detail: { integration_type: 'TOOLS' } });
    expect(calls.some((call) => call.url.startsWith('/api/v1/otps'))).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
