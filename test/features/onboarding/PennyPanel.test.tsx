import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPS_SLOW_AFTER_MS, PennyPanel } from '../../../src/features/onboarding/components/PennyPanel';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const bank = (fields: Record<string, unknown>) => ({
  id: 7,
  bank_account_number: '50100123456789',
  ifsc_code: 'HDFC0000001',
  holder_name: 'Nimbus Stores Private Limited',
  bank_verification_status: 'pending',
  penny_deposit_status: 'NOT_INITIATED',
  penny_deposit_method: 'IMPS',
  penny_attempt_left: 3,
  addendum_status: null,
  bank_verification_proof: null,
  ...fields,
});
const merchantWith = (fields: Record<string, unknown>): Merchant => ({ uuid: UUID, mid: 8800002, product: 'PayUbiz', bank_detail: bank(fields) });
// The bank form is read-only while its details are being verified; entering the amount depends on `mayAct` alone.
const renderPanel = (merchant: Merchant, mayAct = true) => render(<PennyPanel merchant={merchant} data={{}} readonly mayAct={mayAct} fill={() => undefined} />);

const WAITING = 'We are depositing a small amount (₹1 to ₹5) in your bank account to verify it. Please wait…';
const SLOW = 'Its taking longer than expected...';
const PENDING = 'Verification pending';
const AMOUNT = 'Amount deposited (₹)';
const FAILED = 'Incorrect Bank details.Please enter correct bank details and retry.';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PennyPanel', () => {
  it('IMPS, NOT_INITIATED: the waiting loader, whose text changes after 30 seconds', () => {
    vi.useFakeTimers();
    renderPanel(merchantWith({ penny_deposit_method: 'IMPS', penny_deposit_status: 'NOT_INITIATED' }));
    expect(screen.getByRole('status')).toHaveTextContent(WAITING);
    act(() => vi.advanceTimersByTime(IMPS_SLOW_AFTER_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent(WAITING);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(SLOW);
  });

  it.each([
    ['NEFT', 'NOT_INITIATED'],
    ['NEFT', 'PENDING'],
    ['NEFT', 'SENT_TO_BANK'],
    ['IMPS', 'PENDING'],
  ])('%s, %s: the verification-pending panel', (method, status) => {
    renderPanel(merchantWith({ penny_deposit_method: method, penny_deposit_status: status }));
    expect(screen.getByText(PENDING)).toBeInTheDocument();
    expect(screen.queryByLabelText(AMOUNT)).not.toBeInTheDocument();
    expect(screen.queryByText(WAITING)).not.toBeInTheDocument();
  });

  it.each(['IMPS', 'NEFT'])('%s, SUCCESS: the amount entry, with a real label', (method) => {
    renderPanel(merchantWith({ penny_deposit_method: method, penny_deposit_status: 'SUCCESS' }));
    expect(screen.getByRole('textbox', { name: AMOUNT })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.queryByText(PENDING)).not.toBeInTheDocument();
  });

  it.each(['IMPS', 'NEFT'])('%s, FAILED: the failure text once, then nothing', (method) => {
    const merchant = merchantWith({ penny_deposit_method: method, penny_deposit_status: 'FAILED', bank_verification_status: 'failed' });
    const first = renderPanel(merchant);
    expect(screen.getByText(FAILED)).toBeInTheDocument();
    first.unmount();
    const again = renderPanel(merchant);
    expect(again.container).toBeEmptyDOMElement();
  });

  it('shows nothing once the bank is verified, or when no test deposit was made', () => {
    expect(renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS', bank_verification_status: 'verified' })).container).toBeEmptyDOMElement();
    expect(renderPanel(merchantWith({ penny_deposit_status: null, penny_deposit_method: null, penny_attempt_left: null })).container).toBeEmptyDOMElement();
  });

  it('lets only a merchant who may act enter the amount (the form itself stays read-only either way)', () => {
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }), false);
    expect(screen.getByLabelText(AMOUNT)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });

  it('tells a team member without the permission that VERIFY is not theirs, without calling the server', async () => {
    const calls = mockFetch(() => undefined);
    render(<PennyPanel merchant={merchantWith({ penny_deposit_status: 'SUCCESS' })} data={{}} readonly mayAct={false} permitted={false} fill={() => undefined} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(AMOUNT), '2.38');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok, got it!' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter(({ url }) => url.endsWith('/verify_penny'))).toEqual([]);
  });

  it('blocks keystrokes that would make the amount invalid', async () => {
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: AMOUNT });
    await user.type(field, '3a.4-56');
    expect(field).toHaveValue('3.45');
    await user.clear(field);
    await user.type(field, 'Rs 2x,5');
    expect(field).toHaveValue('Rs 2,5');
  });

  /** A merchant whose right amount is verified by the server; the calls made. */
  function renderRightAmount() {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const verified = merchantWith({ penny_deposit_status: 'SUCCESS', bank_verification_status: 'verified' });
    const calls = mockFetch(({ method }) => (method === 'POST' ? { body: { bank_verified: true, merchant: verified } } : undefined));
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    return { calls, field: screen.getByRole('textbox', { name: AMOUNT }), user: userEvent.setup() };
  }

  it.each(['₹2.38', '₹ 2.38', 'Rs. 2.38/-', 'INR 2.38', '2.38 rupees'])('keeps %s as typed and sends it as the amount 2.38', async (typed) => {
    const { calls, field, user } = renderRightAmount();
    await user.type(field, typed);
    expect(field).toHaveValue(typed);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ penny_amount: '2.38' }));
    expect(screen.queryByText('Incorrect amount')).not.toBeInTheDocument();
  });

  it('takes an amount pasted or filled in at once with the rupee sign', async () => {
    const { calls, field, user } = renderRightAmount();
    await user.click(field);
    await user.paste('₹2.38');
    expect(field).toHaveValue('₹2.38');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ penny_amount: '2.38' }));
    expect(screen.queryByText('Incorrect amount')).not.toBeInTheDocument();
  });

  it('keeps a pasted text that is no amount, and shows the server\'s Incorrect amount under it', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    // As the server answers a text its schema refuses (test/server/penny.test.ts): nothing is counted.
    const calls = mockFetch(({ method }) => (method === 'POST' ? { status: 422, body: { errors: { penny_amount: ['Incorrect amount'] } } } : undefined));
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: AMOUNT });
    await user.click(field);
    await user.paste('2,38');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect amount')).toBeInTheDocument();
    expect(field).toHaveValue('2,38');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ penny_amount: '2,38' });
  });

  it('keeps a wrong amount in the field, with the attempts left', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    mockFetch(({ method }) => (method === 'POST' ? { status: 422, body: { attempts_left: 2, error: '2 attempts remaining!' } } : { body: { merchant: merchantWith({}) } }));
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: AMOUNT });
    await user.type(field, '2.83{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('2 attempts remaining!');
    expect(field).toHaveValue('2.83');
  });

  it('refuses an empty amount with Incorrect amount without calling the server', async () => {
    const calls = mockFetch(() => undefined);
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Incorrect amount')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it.each([
    [2, ['2 attempts remaining!']],
    [1, ['Last attempt remaining!', 'If the amount is wrong again, your bank account will not be verified.']],
    [0, ['You have exhausted your attempts', 'Your bank account is not verified', 'Contact us']],
  ])('reads attempts_left %i of a wrong amount and says so', async (attemptsLeft, texts) => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const calls = mockFetch(({ method, url }) =>
      method === 'POST' && url === `/api/v1/merchants/${UUID}/verify_penny` ? { status: 422, body: { attempts_left: attemptsLeft, error: 'wrong' } } : { body: { merchant: merchantWith({}) } },
    );
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: AMOUNT }), '2.5{Enter}');
    const alert = await screen.findByRole('alert');
    for (const text of texts) expect(alert).toHaveTextContent(text);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ penny_amount: '2.5' });
  });

  it('shows the exhausted texts with the contact-us link when no attempt is left', () => {
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS', penny_attempt_left: 0, bank_verification_status: 'attempts_exhausted' }));
    expect(screen.getByRole('alert')).toHaveTextContent('You have exhausted your attempts');
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: AMOUNT })).not.toBeInTheDocument();
  });

  it('sends the right amount and keeps the answer', async () => {
    saveSession({ access_token: 'token', expires_in: 3600 });
    const verified = merchantWith({ penny_deposit_status: 'SUCCESS', bank_verification_status: 'verified' });
    const calls = mockFetch(({ method }) => (method === 'POST' ? { body: { bank_verified: true, merchant: verified } } : undefined));
    renderPanel(merchantWith({ penny_deposit_status: 'SUCCESS' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: AMOUNT }), '3.47');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
