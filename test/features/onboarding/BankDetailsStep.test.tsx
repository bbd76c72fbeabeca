import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const merchant: Merchant = {
  uuid: UUID,
  mid: 8800002,
  product: 'PayUbiz',
  pancard_number: 'AAACN4521K',
  pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
  business_name: 'Nimbus Stores',
  business_entity_id: null,
  business_filing_status: null,
  bank_detail: null,
};

type Answer = { status?: number; body?: unknown };
/** A well-formed IFSC of no bank: the lookup answers 404 and the server refuses it (onboarding spec section 8). */
const UNKNOWN_IFSC = 'HDFX0000001';
const IFSC_NOT_FOUND = 'No data found for this IFSC.';
const CHEQUE_HINT = 'Documents are rejected if the account holder name and number are not printed on the cheque';
function renderStep(answerPost: (body: { bank_detail: Record<string, unknown> }) => Answer, shown: Merchant = merchant) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url, body }) => {
    if (method === 'POST' && url === `/api/v1/merchants/${UUID}/bank_details`) return answerPost(body as { bank_detail: Record<string, unknown> });
    // The IFSC field looks up a complete code (widgets/IfscSearchWidget.tsx), as GET /api/v1/ifsc_details/{ifsc} answers.
    const ifsc = /^\/api\/v1\/ifsc_details\/([A-Z0-9]{11})$/.exec(url)?.[1];
    if (ifsc === UNKNOWN_IFSC) return { status: 404, body: { error: IFSC_NOT_FOUND, code: 'IFSC_NOT_FOUND' } };
    return ifsc ? { body: { ifsc_detail: { ifsc_code: ifsc, bank_name: 'HDFC Bank', branch_name: '', city: '', state: '', address: '', in_directory: false } } } : undefined;
  });
  const onSaved = vi.fn();
  render(<StepScreen stepId="bank-details" merchant={shown} readonly={false} onSaved={onSaved} />);
  return { calls, onSaved };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) {
  const select = await screen.findByRole('combobox', { name: field });
  // By the option element: user-event compares a text with an option's HTML, where & is &amp;.
  await user.selectOptions(select, within(select).getByRole('option', { name: option }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BankDetailsStep', () => {
  it('shows the company PAN labels for a Private Limited and sends its full field set', async () => {
    const { calls, onSaved } = renderStep((body) => ({ body: { merchant: { ...merchant, bank_detail: body.bank_detail } } }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await choose(user, /Registration type/, 'Private Limited');
    expect(screen.getByRole('textbox', { name: /Company PAN Number/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Company PAN Name/ })).toHaveValue('NIMBUS STORES PRIVATE LIMITED');
    expect(screen.getByRole('textbox', { name: /Business Name/ })).toHaveValue('Nimbus Stores');
    expect(screen.queryByText('Account holder name should match the name on PAN')).not.toBeInTheDocument();
    expect(screen.getByText('Documents are rejected if the account holder name and number are not printed on the cheque')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Bank Account Number/ }), '50100123456789');
    await user.type(screen.getByRole('textbox', { name: /IFSC Code/ }), 'HDFC0000001');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      bank_detail: {
        business_registered: true,
        business_entity_id: 6,
        business_name: 'Nimbus Stores',
        pancard_name: 'NIMBUS STORES PRIVATE LIMITED',
        pancard_number: 'AAACN4521K',
        holder_name: 'NIMBUS STORES PRIVATE LIMITED',
        bank_account_number: '50100123456789',
        ifsc_code: 'HDFC0000001',
      },
    });
  });

  it('selects Individual with the reduced field set when the business is not registered', async () => {
    const { calls } = renderStep(() => ({ body: { merchant } }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('combobox', { name: /Registration type/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Business Name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /PAN Number/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^PAN Name/ })).toBeInTheDocument();
    expect(screen.getByText('Account holder name should match the name on PAN')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Bank Account Number/ }), '123456789012');
    await user.type(screen.getByRole('textbox', { name: /IFSC Code/ }), 'SBIN0000300');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST')?.body as { bank_detail: Record<string, unknown> };
    expect(Object.keys(sent.bank_detail).sort()).toEqual(['bank_account_number', 'business_entity_id', 'business_registered', 'holder_name', 'ifsc_code', 'pancard_name']);
    expect(sent.bank_detail.business_entity_id).toBe(1);
  });

  it('shows the account number error in the Oh no! box, else the generic text', async () => {
    let answer: Answer = { status: 422, body: { errors: { bank_account_number: ['Bank number should not contain special characters e.g.(.#$,)'] } } };
    renderStep(() => answer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(screen.getByRole('textbox', { name: /Bank Account Number/ }), '123456789012');
    await user.type(screen.getByRole('textbox', { name: /IFSC Code/ }), 'SBIN0000300');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bank number should not contain special characters e.g.(.#$,)');
    // Any other field's 422 (the IFSC's is said on its field alone, below).
    answer = { status: 422, body: { errors: { holder_name: ['This field cannot be left blank'] } } };
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong please try after sometime'));
  });

  it('says an unknown IFSC once, under the IFSC field, with no "Oh no!" box and nothing else in red, until the IFSC changes', async () => {
    // As the server answers (test/server/bankDetails.test.ts): the field's message, nothing stored.
    const { calls, onSaved } = renderStep((body) =>
      body.bank_detail.ifsc_code === UNKNOWN_IFSC ? { status: 422, body: { errors: { ifsc_code: [IFSC_NOT_FOUND] } } } : { body: { merchant: { ...merchant, bank_detail: body.bank_detail } } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.type(screen.getByRole('textbox', { name: /Bank Account Number/ }), '123456789012');
    const ifsc = screen.getByRole('textbox', { name: /IFSC Code/ });
    await user.type(ifsc, UNKNOWN_IFSC.toLowerCase());
    expect(await screen.findByText(IFSC_NOT_FOUND)).toBeInTheDocument();
    expect(ifsc).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
    expect(screen.getAllByText(IFSC_NOT_FOUND)).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
    expect(screen.getByText(CHEQUE_HINT)).not.toHaveClass('Mui-error');
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(ifsc);
    await user.type(ifsc, 'HDFC0000001');
    expect(await screen.findByText('HDFC Bank')).toBeInTheDocument();
    expect(screen.queryByText(IFSC_NOT_FOUND)).not.toBeInTheDocument();
    expect(ifsc).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('takes an IFSC typed in lower case and an account number typed in groups as the schema expects them', async () => {
    renderStep((body) => ({ body: { merchant: { ...merchant, bank_detail: body.bank_detail } } }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Bank Account Number/ }), '5010 0123-4567 89');
    await user.type(screen.getByRole('textbox', { name: /IFSC Code/ }), 'hdfc0000001');
    expect(screen.getByRole('textbox', { name: /Bank Account Number/ })).toHaveValue('50100123456789');
    expect(screen.getByRole('textbox', { name: /IFSC Code/ })).toHaveValue('HDFC0000001');
  });

  it('offers the business and PAN names as the holder name for the Individual filing status', async () => {
    renderStep(() => ({ body: { merchant } }), { ...merchant, business_filing_status: 'Individual', business_name: 'Asha Stores', pancard_name: 'ASHA SHARMA' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await choose(user, /Account Holder Name/, 'Asha Stores');
    expect(screen.getByRole('combobox', { name: /Account Holder Name/ })).toHaveTextContent('Asha Stores');
  });
});
