import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const merchant: Merchant = { uuid: '11111111-2222-3333-4444-555555555555', mid: 8800003, registration_address: null, operating_address: null };
const PINCODES: Record<string, { city: string; state: string }> = {
  '560001': { city: 'Bangalore', state: 'Karnataka' },
  '400053': { city: 'Mumbai', state: 'Maharashtra' },
};

type Answer = (request: { method: string; url: string; body: unknown }) => { status?: number; body?: unknown } | undefined;

function renderStep(answer: Answer = () => undefined, onSaved = vi.fn(), shown: Merchant = merchant) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch((request) => {
    const pin = /^\/api\/v1\/pincode_details\/(\d+)$/.exec(request.url)?.[1];
    if (pin) return PINCODES[pin] ? { body: { pincode_detail: { pincode: pin, ...PINCODES[pin] } } } : { status: 404, body: { error: 'Not found' } };
    return answer(request);
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="kyc" merchant={shown} readonly={false} onSaved={onSaved} />
    </SWRConfig>,
  );
  return { calls, onSaved, user: userEvent.setup() };
}

/** The address fields render in order: the registration address first, the operating address second. */
const addressField = (index: number) => ({ getByLabelText: (label: RegExp) => screen.getAllByLabelText(label)[index]! });
const registered = () => addressField(0);
const operating = () => addressField(1);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AddressStep', () => {
  it('fills city and state from a 6-digit pincode', async () => {
    const { user } = renderStep();
    await user.type(registered().getByLabelText(/^Pincode/), '560001');
    await waitFor(() => expect(registered().getByLabelText(/^City/)).toHaveValue('Bangalore'));
    expect(registered().getByLabelText(/^State/)).toHaveValue('Karnataka');
  });

  it('leaves city and state to the merchant when the pincode is unknown, saying so on the pincode until it changes', async () => {
    const { calls, user } = renderStep();
    await user.type(registered().getByLabelText(/^Pincode/), '999999');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/v1/pincode_details/999999')).toBe(true));
    expect(await screen.findByText('We could not find this pincode: check it, or enter the city and state yourself')).toBeInTheDocument();
    expect(registered().getByLabelText(/^City/)).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(registered().getByLabelText(/^Pincode/));
    await user.type(registered().getByLabelText(/^Pincode/), '560001');
    await waitFor(() => expect(registered().getByLabelText(/^City/)).toHaveValue('Bangalore'));
    expect(screen.queryByText('We could not find this pincode: check it, or enter the city and state yourself')).not.toBeInTheDocument();
  });

  it('shows the spec texts for an invalid address and pincode and sends nothing', async () => {
    const { calls, user } = renderStep();
    await user.type(registered().getByLabelText(/^Address/), '#12 MG Road');
    await user.type(registered().getByLabelText(/^Pincode/), '05600');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter valid Address')).toBeInTheDocument();
    expect(screen.getByText('Invalid Pincode')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says a 5-digit pincode is wrong once, on the pincode, not also that city and state are blank', async () => {
    const { calls, user } = renderStep();
    await user.type(registered().getByLabelText(/^Address/), '12, MG Road');
    await user.type(registered().getByLabelText(/^Pincode/), '56000');
    await user.click(screen.getByRole('checkbox', { name: /same as the registered address/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(registered().getByLabelText(/^Pincode/)).toHaveAccessibleDescription(/Invalid Pincode/));
    expect(registered().getByLabelText(/^City/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(registered().getByLabelText(/^State/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('This field cannot be left blank')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT' || call.url.startsWith('/api/v1/pincode_details'))).toBe(false);
  });

  it('copies the registration address when "same as registration" is ticked and sends both', async () => {
    const { calls, user, onSaved } = renderStep(({ method }) => (method === 'PUT' ? { body: { merchant: { ...merchant, name: 'saved' } } } : undefined));
    await user.type(registered().getByLabelText(/^Address/), '12, MG Road');
    await user.type(registered().getByLabelText(/^Pincode/), '560001');
    await waitFor(() => expect(registered().getByLabelText(/^City/)).toHaveValue('Bangalore'));
    await user.click(screen.getByRole('checkbox', { name: /same as the registered address/ }));
    await waitFor(() => expect(operating().getByLabelText(/^City/)).toHaveValue('Bangalore'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'saved' })));
    const address = { address_line: '12, MG Road', pincode: '560001', city: 'Bangalore', state: 'Karnataka' };
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      merchant: { registration_address: address, same_as_registration: true, operating_address: address },
    });
  });

  it('shows saved addresses and the server 422 under the field, with the generic text in the Oh no! box', async () => {
    const saved = { address_line: '12, MG Road', pincode: '560001', city: 'Bangalore', state: 'Karnataka' };
    const other = { address_line: 'Plot 4, Andheri', pincode: '400053', city: 'Mumbai', state: 'Maharashtra' };
    const { user } = renderStep(
      ({ method }) => (method === 'PUT' ? { status: 422, body: { errors: { 'operating_address.pincode': ['Invalid Pincode'] } } } : undefined),
      vi.fn(),
      { ...merchant, registration_address: saved, operating_address: other },
    );
    expect(operating().getByLabelText(/^City/)).toHaveValue('Mumbai');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid Pincode')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong please try after some time.');
  });

  it.each([
    [1, 'Enter your address; you will upload an address proof next.'],
    [2, "Enter the Hindu Undivided Family's address, as on its PAN or bank records."],
    [3, "Enter your business's address, as on its government certificate (such as GST or a shop licence) if it has one, else your own address."],
    [4, 'Enter the address as on the registration certificate or deed.'],
    [6, 'Enter the address as on the government certificate or certificate of incorporation.'],
    [8, 'Enter the address as on the registration certificate or deed.'],
    [10, 'Enter the address as on the government certificate.'],
    [14, 'Enter the address as on the government certificate or certificate of incorporation.'],
  ])('shows the address hint of entity %i', async (entityId, hint) => {
    renderStep(undefined, undefined, { ...merchant, business_entity_id: entityId });
    expect(await screen.findByText(hint)).toBeInTheDocument();
  });

  it.each([1, 2, 3, 4, 8, 9, 10, 11, 12, 13])('asks entity %i, which has no certificate of incorporation, for none', async (entityId) => {
    renderStep(undefined, undefined, { ...merchant, business_entity_id: entityId });
    expect(await screen.findByText(/^Enter (your|the)/)).toBeInTheDocument();
    expect(screen.queryByText(/certificate of incorporation/)).not.toBeInTheDocument();
  });
});
