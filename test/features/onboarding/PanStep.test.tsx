import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessEntities } from '../../../schemas/registry';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const merchant: Merchant = { uuid: '11111111-2222-3333-4444-555555555555', mid: 8800001, pancard_number: null, business_entity_id: null, product_account_detail: { dob: null } };
const entitiesBody = { business_entities: businessEntities.business_entities.map(({ id, name }) => ({ id, name })), meta: { pan_business_entity_mapping: businessEntities.pan_business_entity_mapping } };

function renderStep(answerPut: (body: { merchant: Record<string, unknown> }) => { status?: number; body?: unknown }, onSaved = vi.fn()) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url, body }) => {
    if (url === '/api/v1/business_entities') return { body: entitiesBody };
    if (method === 'PUT' && url === `/api/v1/merchants/${merchant.uuid}`) return answerPut(body as { merchant: Record<string, unknown> });
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="pan-details" merchant={merchant} readonly={false} onSaved={onSaved} />
    </SWRConfig>,
  );
  return { calls, onSaved };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PanStep', () => {
  it('shows "PAN Number is invalid" for a malformed PAN and sends nothing', async () => {
    const { calls } = renderStep(() => ({ status: 500 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'abc12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('PAN Number is invalid')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server error in the spec\'s words with the request id on a line of its own', async () => {
    renderStep(() => ({ status: 500, body: { error: 'Some error occured. Please try again later.' }, headers: { 'x-request-id': '3f9a1c0b7d2e' } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'AAACN4521K');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Private Limited');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Some error occured. Please try again later.')).toBeInTheDocument();
    expect(within(box).getByText('Reference: 3f9a1c0b7d2e')).toBeInTheDocument();
  });

  it('upper-cases the PAN as it is typed', async () => {
    renderStep(() => ({ status: 500 }));
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/PAN Number/);
    await user.type(input, 'aaacn4521k');
    expect(input).toHaveValue('AAACN4521K');
  });

  it("limits and suggests the entity from the PAN's fourth letter, choosing it when only one fits", async () => {
    renderStep(() => ({ status: 500 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'AAACN4521K');
    expect(await screen.findByText('Suggested from your PAN: Private Limited, Public Limited, One Person Company')).toBeInTheDocument();
    const options = within(screen.getByRole('combobox', { name: /Business Entity/ })).getAllByRole('option').map((option) => option.textContent).filter(Boolean);
    expect(options).toEqual(['Private Limited', 'Public Limited', 'One Person Company']);
    await user.keyboard('{Escape}');

    const pan = screen.getByLabelText(/PAN Number/);
    await user.clear(pan);
    await user.type(pan, 'AAAAL5566M');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Business Entity/ })).toHaveDisplayValue('Society'));
  });

  it('asks the date of birth of an Individual and sends it as yyyy-mm-dd', async () => {
    const { calls } = renderStep((body) => ({ body: { merchant: { ...merchant, ...body.merchant, pan_verification_status: 'verified', pancard_name: 'ASHA VERMA' } } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'ABCPE1234F');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Individual');
    await user.type(await screen.findByLabelText(/Date of Birth/), '1990-12-31');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'PAN verified' });
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ merchant: { pancard_number: 'ABCPE1234F', business_entity_id: 1, dob: '1990-12-31' } });
  });

  it('shows the PAN name in the confirmation dialog once verified, and tells the page only when the merchant confirms', async () => {
    const { onSaved } = renderStep((body) => ({ body: { merchant: { ...merchant, ...body.merchant, pan_verification_status: 'verified', pancard_name: 'NIMBUS TECHNOLOGIES PRIVATE LIMITED' } } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'AAACN4521K');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Private Limited');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'PAN verified' });
    expect(within(dialog).getByText('NIMBUS TECHNOLOGIES PRIVATE LIMITED')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ pan_verification_status: 'verified' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Pan not valid" when the provider rejects the PAN', async () => {
    renderStep((body) => ({ body: { merchant: { ...merchant, ...body.merchant, pan_verification_status: 'Failed', pancard_name: null } } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'AAACN0000K');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Private Limited');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Oh no!');
    expect(box).toHaveTextContent('Pan not valid');
  });

  it("shows the server's 422 under the field and in the Oh no! box, keeping what was typed", async () => {
    renderStep(() => ({ status: 422, body: { errors: { business_entity_id: ['This business entity does not match the PAN category'] } } }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/PAN Number/), 'AAACN4521K');
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Entity/ }), 'Public Limited');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This business entity does not match the PAN category')).not.toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Pan not valid');
    expect(screen.getByLabelText(/PAN Number/)).toHaveValue('AAACN4521K');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Oh no!')).not.toBeInTheDocument();
  });
});
