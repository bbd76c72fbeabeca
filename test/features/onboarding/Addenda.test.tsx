import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Addenda, type Addendum } from '../../../src/features/onboarding/components/Addenda';
import { GstUpdate } from '../../../src/features/onboarding/components/GstUpdate';
import type { Merchant } from '../../../src/shared/api/types';
import { mockFetch } from '../../fetchMock';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const merchant = { uuid: UUID, mid: 8800002, pancard_number: 'AAACN4521K', gst_number: null, gst_addendum_status: null } as unknown as Merchant;
const ADDRESS = { address_line: '12, MG Road', city: 'Bangalore', pincode: '560001', state: 'Karnataka' };
const ADDRESS_2 = { address_line: '7, Linking Road', city: 'Mumbai', pincode: '400050', state: 'Maharashtra' };
const addendum = (patch: Partial<Addendum> = {}): Addendum => ({
  id: 'a1',
  source: 'address',
  step: 'kyc',
  status: 'pending',
  old_data: { registration_address: ADDRESS, operating_address: ADDRESS },
  new_data: { registration_address: ADDRESS_2, operating_address: ADDRESS },
  file: '/api/v1/files/f1',
  remarks: null,
  ...patch,
});

type Answer = { status?: number; body?: unknown };
function renderAddenda(addenda: Addendum[], { stepId = 'kyc', permissions = ['update_user_profile'], accept }: { stepId?: string; permissions?: string[]; accept?: () => Answer } = {}) {
  const calls = mockFetch(({ method, url }) => {
    if (url.startsWith('/api/v1/oauth/token/info')) return { body: { acl_role: { name: 'Owner', acl_permissions: permissions.map((name) => ({ name, scopes: [] })) } } };
    if (method === 'GET' && url.endsWith('/addenda')) return { body: { addenda } };
    if (method === 'POST' && url.endsWith('/accept_addendum')) return accept?.() ?? { body: { merchant: { ...merchant, address_addendum_status: 'accepted' } } };
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Addenda stepId={stepId} merchant={merchant} data={{}} readonly={false} mayAct fill={() => undefined} />
    </SWRConfig>,
  );
  return { calls, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('Addenda', () => {
  it('shows what the change makes of the details, now and new, and accepts it', async () => {
    const { calls, user } = renderAddenda([addendum()]);
    const section = await screen.findByRole('region', { name: 'Addendum to your service agreement' });
    expect(within(section).getByText('Registered address')).toBeInTheDocument();
    expect(within(section).getByText(/Now: 12, MG Road, Bangalore, Karnataka 560001/)).toBeInTheDocument();
    expect(within(section).getByText(/New: 7, Linking Road, Mumbai, Maharashtra 400050/)).toBeInTheDocument();
    // The operating address does not change: not listed.
    expect(within(section).queryByText('Operating address')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Read the addendum' })).toBeInTheDocument();
    await user.click(await within(section).findByRole('button', { name: 'ACCEPT ADDENDUM' }));
    const sent = calls.find((call) => call.url.endsWith('/accept_addendum'));
    expect(sent?.body).toEqual({ source: 'address' });
  });

  it("says the spec's text when accepting fails", async () => {
    const { user } = renderAddenda([addendum()], { accept: () => ({ status: 409, body: { error: 'Some error occured, please refresh the page.', code: 'ADDENDUM_NOT_OPEN' } }) });
    await user.click(await screen.findByRole('button', { name: 'ACCEPT ADDENDUM' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some error occured, please refresh the page.');
  });

  it('without update_user_profile, accepting opens the no-access modal and sends nothing', async () => {
    const { calls, user } = renderAddenda([addendum()], { permissions: ['update_profile_restricted'] });
    const button = await screen.findByRole('button', { name: 'ACCEPT ADDENDUM' });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Oops! You dont have access to this feature.' })).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/accept_addendum'))).toBe(false);
  });

  it('once accepted, says it waits for the review; declined, says why', async () => {
    renderAddenda([addendum({ status: 'accepted' })]);
    expect(await screen.findByText(/You accepted the addendum\. We are reviewing your change/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ACCEPT ADDENDUM' })).not.toBeInTheDocument();
  });

  it('declined: the reason, and the details as they were', async () => {
    renderAddenda([addendum({ status: 'declined', remarks: 'The address is not on the documents' })]);
    expect(await screen.findByText('Your change was not approved: The address is not on the documents. Your details stay as they were; you can make the change again.')).toBeInTheDocument();
  });

  it("shows nothing for another step's addendum or an approved one", async () => {
    const { calls } = renderAddenda([addendum({ step: 'bank-details', source: 'bank' }), addendum({ id: 'a2', status: 'approved' })]);
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/addenda')) && calls.some((call) => call.url.includes('/token/info'))).toBe(true));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('GstUpdate', () => {
  function renderGst(answer: Answer, readonly = true) {
    const calls = mockFetch(({ method, url }) => (method === 'PUT' && url.endsWith('/update_gst_details') ? answer : undefined));
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <GstUpdate stepId="business-details" merchant={merchant} data={{}} readonly={readonly} mayAct fill={() => undefined} />
      </SWRConfig>,
    );
    return { calls, user: userEvent.setup() };
  }

  it('is offered only once the business details are read-only', () => {
    renderGst({}, false);
    expect(screen.queryByRole('button', { name: 'UPDATE GST NUMBER' })).not.toBeInTheDocument();
  });

  it('checks the GSTIN as the business details do, then sends it and says it is updated', async () => {
    const { calls, user } = renderGst({ body: { message: 'GST number updated', merchant: { ...merchant, gst_number: '27AAACN4521K1ZI' }, addendum: null } });
    await user.click(screen.getByRole('button', { name: 'UPDATE GST NUMBER' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your GST number' });
    const input = await within(dialog).findByLabelText(/GST Number/);
    await user.type(input, '27AAACM1234K1ZN');
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    expect(await within(dialog).findByText('The GST number does not match with PAN details provided')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/update_gst_details'))).toBe(false);
    await user.clear(input);
    await user.type(input, '27aaacn4521k1zi');
    await user.click(within(dialog).getByRole('button', { name: 'UPDATE' }));
    expect(await screen.findByText('GST number updated')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/update_gst_details'))?.body).toEqual({ gst_number: '27AAACN4521K1ZI' });
  });
});
