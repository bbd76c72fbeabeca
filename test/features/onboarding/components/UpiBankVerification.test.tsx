import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../../src/features/onboarding/StepScreen';
import { timeLeft, type UpiVerification } from '../../../../src/features/onboarding/components/UpiBankVerification';
import type { Merchant } from '../../../../src/shared/api/types';
import { saveSession } from '../../../../src/shared/session/session';
import { mockFetch } from '../../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const REFERENCE = '9b2f0c1e-5a7d-4e3b-8c6a-1d2e3f4a5b6c';
const merchant: Merchant = {
  uuid: UUID,
  mid: 8800002,
  product: 'PayUbiz',
  pancard_number: 'AAACN4521K',
  pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
  business_name: 'Nimbus Stores',
  business_entity_id: 6,
  business_filing_status: null,
  bank_detail: null,
};
const waiting: UpiVerification = {
  uuid: REFERENCE,
  status: 'WAITING',
  upi_link: `/sandbox/upi/${REFERENCE}`,
  amount: '1.00',
  expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
};

/** The bank step, its UPI request answering `waiting` and, when read again, `later` (once `ready()` holds: the payment made). */
function renderStep(later: UpiVerification, shown: Merchant = merchant, ready: () => boolean = () => true) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url }) => {
    if (method === 'POST' && url === `/api/v1/merchants/${UUID}/bank_details/upi_verifications`) return { status: 201, body: { upi_verification: waiting } };
    if (method === 'GET' && url === `/api/v1/merchants/${UUID}/bank_details/upi_verifications/${REFERENCE}`) return { body: { upi_verification: ready() ? later : waiting } };
    const ifsc = /^\/api\/v1\/ifsc_details\/([A-Z0-9]{11})$/.exec(url)?.[1];
    return ifsc ? { body: { ifsc_detail: { ifsc_code: ifsc, bank_name: 'HDFC Bank', branch_name: '', city: '', state: '', address: '', in_directory: false } } } : undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="bank-details" merchant={shown} readonly={false} onSaved={vi.fn()} />
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('UpiBankVerification in the bank step', () => {
  it('waits for the payment with a link to the UPI app, then fills the account number and IFSC from a PAID request', async () => {
    const paid: UpiVerification = { ...waiting, status: 'PAID', payer: { bank_account_number: '50101234567890', ifsc_code: 'HDFC0000001', holder_name: 'NIMBUS STORES PRIVATE LIMITED', bank_name: 'HDFC Bank' } };
    // The payment is made only once the waiting screen has been seen: a busy machine's poll would otherwise find it paid first.
    let paidYet = false;
    const { calls, user } = renderStep(paid, merchant, () => paidYet);
    expect(await screen.findByRole('region', { name: 'Verify with a ₹1 UPI payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'PAY ₹1 WITH UPI' }));

    const open = await screen.findByRole('link', { name: 'OPEN YOUR UPI APP' });
    expect(open).toHaveAttribute('href', waiting.upi_link);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
    expect(screen.getByText(/^Waiting for your payment: 1[45]:[0-5][0-9] left$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});

    // Read again (the live channel's message, or every 3 s): paid.
    paidYet = true;
    const paidLine = await screen.findByText('Paid from HDFC Bank account ending 7890. Submit to save it: no test deposit is needed.', {}, { timeout: 10_000 });
    expect(paidLine.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Bank Account Number/ })).toHaveValue('50101234567890'));
    expect(screen.getByRole('textbox', { name: /IFSC Code/ })).toHaveValue('HDFC0000001');
    expect(screen.queryByRole('link', { name: 'OPEN YOUR UPI APP' })).not.toBeInTheDocument();
  });

  it('says whose account paid on a NAME_MISMATCH, fills nothing, and offers another payment', async () => {
    const mismatch: UpiVerification = { ...waiting, status: 'NAME_MISMATCH', payer: { holder_name: 'SANDBOX OTHER PERSON' }, expected_name: 'NIMBUS STORES PRIVATE LIMITED' };
    const { user } = renderStep(mismatch);
    await user.click(await screen.findByRole('button', { name: 'PAY ₹1 WITH UPI' }));
    const mismatchLine = await screen.findByText(
      "This account is held by SANDBOX OTHER PERSON, not NIMBUS STORES PRIVATE LIMITED. Pay from your business's own account, or fill in the details below for a test deposit.",
      {},
      { timeout: 10_000 },
    );
    expect(mismatchLine.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: /Bank Account Number/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'PAY ₹1 WITH UPI' })).toBeEnabled();
  });

  it('shows the server’s refusal in the error dialog', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const TOO_MANY = 'You can ask for at most 5 UPI payments in an hour. Try again later, or fill in the details below for a test deposit.';
    mockFetch(({ method }) => (method === 'POST' ? { status: 422, body: { error: TOO_MANY, code: 'UPI_TOO_MANY_REQUESTS' } } : undefined));
    render(<StepScreen stepId="bank-details" merchant={merchant} readonly={false} onSaved={vi.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'PAY ₹1 WITH UPI' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(TOO_MANY);
  });

  it('is not shown once the bank account is verified, nor to a member who may not change the form', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    mockFetch(() => undefined);
    const verified = { ...merchant, bank_detail: { id: 1, bank_account_number: '50100123456789', ifsc_code: 'HDFC0000001', holder_name: 'NIMBUS STORES PRIVATE LIMITED', bank_verification_status: 'verified' } };
    const { unmount } = render(<StepScreen stepId="bank-details" merchant={verified} readonly={false} onSaved={vi.fn()} />);
    await screen.findByRole('button', { name: /Submit/ }).catch(() => undefined);
    expect(screen.queryByRole('region', { name: 'Verify with a ₹1 UPI payment' })).not.toBeInTheDocument();
    unmount();
    render(<StepScreen stepId="bank-details" merchant={merchant} readonly={false} permitted={false} onSaved={vi.fn()} />);
    await screen.findByRole('radio', { name: 'Yes' });
    expect(screen.queryByRole('region', { name: 'Verify with a ₹1 UPI payment' })).not.toBeInTheDocument();
  });
});

describe('timeLeft()', () => {
  it('gives minutes and seconds, never below zero', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(timeLeft('2026-01-01T10:15:00Z', now)).toBe('15:00');
    expect(timeLeft('2026-01-01T10:00:09.2Z', now)).toBe('0:10');
    expect(timeLeft('2026-01-01T09:59:00Z', now)).toBe('0:00');
  });
});
