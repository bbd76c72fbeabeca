import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { areaCodes, businessCategories } from '../../../server/merchants/businessCategories';
import { gstinCheckCharacter } from '../../../schemas/keywords/gstinChecksum';
import { StepScreen } from '../../../src/features/onboarding/StepScreen';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const PAN = 'AAACN4521K';
const withCheck = (first14: string) => first14 + (gstinCheckCharacter(first14) ?? '');
const LINKED = withCheck(`27${PAN}1Z`);
const UUID = '11111111-2222-3333-4444-555555555555';
const blank: Merchant = {
  uuid: UUID,
  mid: 8800001,
  pancard_number: PAN,
  pancard_name: 'ROHAN MEHTA TECHNOLOGIES PRIVATE LIMITED',
  business_category_id: null,
  business_sub_category_id: null,
  monthly_expected_volume: null,
  gst_number: null,
  business_name: null,
  shop_number: null,
  area_code: null,
  ultimate_beneficiaries: [],
  ubo_exist: false,
};

type Answer = { status?: number; body?: unknown };
function renderStep(merchant: Merchant, answerPut: (body: { merchant: Record<string, unknown> }) => Answer, onSaved = vi.fn(), onChanged = vi.fn()) {
  saveSession({ access_token: 'token', expires_in: 3600 });
  const calls = mockFetch(({ method, url, body }) => {
    if (url === '/api/v1/business_categories') return { body: { business_categories: businessCategories } };
    if (url === '/api/v1/area_codes') return { body: { area_codes: areaCodes } };
    if (url === `/api/v1/dvs_wrapper/${UUID}/pan_gst_details`) {
      return { body: { pan_detail: { name: 'ROHAN MEHTA', gst_details: [{ gstin: LINKED, tradename: 'MEHTA TRADERS' }] } } };
    }
    if (url === `/api/v1/dvs_wrapper/${UUID}/gstin_details`) return { body: { gstin_details: { tradename: 'MEHTA ENTERPRISES' } } };
    if (method === 'DELETE' && url === `/api/v1/merchants/${UUID}/ultimate_beneficiaries/1`) return { body: { merchant: { ...merchant, ultimate_beneficiaries: [] } } };
    if (method === 'PUT' && url === `/api/v1/merchants/${UUID}`) return answerPut(body as { merchant: Record<string, unknown> });
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <StepScreen stepId="business-details" merchant={merchant} readonly={false} onSaved={onSaved} onChanged={onChanged} />
    </SWRConfig>,
  );
  return { calls, onSaved, onChanged };
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

describe('BusinessDetailsStep', () => {
  it("offers the chosen category's sub-categories and sends the step without $context", async () => {
    const { calls, onSaved } = renderStep(blank, (body) => ({ body: { merchant: { ...blank, ...body.merchant } } }));
    const user = userEvent.setup();
    await choose(user, /Business Type/, 'Food & Beverage');
    const options = within(screen.getByRole('combobox', { name: /Business Sub Type/ })).getAllByRole('option').map((option) => option.textContent).filter(Boolean);
    expect(options).toEqual(['Restaurants', 'Cafes & Bakeries', 'Cloud Kitchens', 'Sweets & Snacks']);
    await user.selectOptions(screen.getByRole('combobox', { name: /Business Sub Type/ }), 'Cloud Kitchens');
    await choose(user, /Expected Monthly Sales/, '₹30,001 – ₹60,000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      merchant: { business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000', ubo_exist: false },
    });
  });

  it('fills the trade name when a GSTIN linked to the PAN is chosen', async () => {
    renderStep(blank, () => ({ status: 500 }));
    const user = userEvent.setup();
    expect(await screen.findByText('Choose one of the GST numbers registered to your PAN, or type another.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/GST Number/), LINKED);
    await waitFor(() => expect(screen.getByLabelText(/Trade Name/)).toHaveValue('MEHTA TRADERS'));
  });

  it('fills the trade name from the GSTIN lookup for a GSTIN of the PAN that is not listed', async () => {
    const { calls } = renderStep(blank, () => ({ status: 500 }));
    const user = userEvent.setup();
    const other = withCheck(`29${PAN}2Z`);
    await user.type(await screen.findByLabelText(/GST Number/), other);
    await waitFor(() => expect(screen.getByLabelText(/Trade Name/)).toHaveValue('MEHTA ENTERPRISES'));
    expect(calls.find((call) => call.url.endsWith('/gstin_details'))?.body).toEqual({ gstin: other });
  });

  it('refuses a GSTIN of another PAN before sending anything', async () => {
    const { calls } = renderStep({ ...blank, business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' }, () => ({ status: 500 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/GST Number/), withCheck('27AAACM1234K1Z'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The GST number does not match with PAN details provided')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('sends null for a GSTIN the merchant removed (an absent field keeps the stored value)', async () => {
    const filled = { ...blank, business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000', gst_number: LINKED, business_name: 'MEHTA TRADERS' };
    const { calls, onSaved } = renderStep(filled, (body) => ({ body: { merchant: { ...filled, ...body.merchant } } }));
    const user = userEvent.setup();
    const gst = await screen.findByLabelText(/GST Number/);
    await waitFor(() => expect(gst).toHaveValue(LINKED));
    await user.clear(gst);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = (calls.find((call) => call.method === 'PUT')?.body as { merchant: Record<string, unknown> }).merchant;
    expect(sent.gst_number).toBeNull();
    expect(sent.business_name).toBe('MEHTA TRADERS');
  });

  it('keeps a filled category and sub-category read-only', async () => {
    renderStep({ ...blank, business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' }, () => ({ status: 500 }));
    expect(await screen.findByRole('combobox', { name: /Business Type/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Business Sub Type/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Expected Monthly Sales/ })).toBeEnabled();
  });

  it("shows the server's gst_number error in the Oh no! box, else the generic text", async () => {
    const filled = { ...blank, business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000' };
    let answer: Answer = { status: 422, body: { errors: { gst_number: ['The GST number does not match with PAN details provided'] } } };
    renderStep(filled, () => answer);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The GST number does not match with PAN details provided');
    answer = { status: 422, body: { errors: { monthly_expected_volume: ['This value is not accepted'] } } };
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong please try after some time.'));
  });

  it('removes a saved beneficial owner with the DELETE call, and shows the new record without leaving the step', async () => {
    const owner = { id: 1, name: 'Asha Sharma', pancard_number: 'ABCPE1234F', ownership_percentage: 60 };
    const { calls, onSaved, onChanged } = renderStep({ ...blank, ubo_exist: true, ultimate_beneficiaries: [owner] }, () => ({ status: 500 }));
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('Asha Sharma')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /remove/i }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/ultimate_beneficiaries/1'))).toBe(true));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ ultimate_beneficiaries: [] })));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows the sub-category of a half-filled form again after a reload (kept as a draft), with its choices', async () => {
    localStorage.setItem(`draft:${UUID}:business-details`, JSON.stringify({ business_category_id: 2, business_sub_category_id: 203 }));
    renderStep(blank, () => ({ status: 500 }));
    const subType = await screen.findByRole('combobox', { name: /Business Sub Type/ });
    expect(subType).toHaveTextContent('Cloud Kitchens');
    expect(screen.getByRole('combobox', { name: /Business Type/ })).toHaveDisplayValue('Food & Beverage');
  });

  it('refuses a sub-category of another category before sending anything (a record the categories moved under)', async () => {
    const { calls } = renderStep({ ...blank, business_category_id: 1, business_sub_category_id: 203, monthly_expected_volume: '10001-30000' }, () => ({ status: 500 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This business sub type does not belong to the chosen business type')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses an area code that is not in the list before sending anything', async () => {
    const filled = { ...blank, business_category_id: 1, business_sub_category_id: 101, monthly_expected_volume: '10001-30000', shop_number: 'SH202411', area_code: 'XX' };
    const { calls } = renderStep(filled, () => ({ status: 500 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose an area code from the list')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses beneficial owners holding more than 100 percent together before sending anything', async () => {
    const { calls } = renderStep({ ...blank, ubo_exist: null, business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' }, () => ({ status: 500 }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Add Beneficial owner' }));
    const owners = [
      { name: 'Asha Sharma', pan: 'ABCPE1234F', share: '60' },
      { name: 'Ravi Rao', pan: 'BCDPR2345G', share: '41' },
    ];
    for (const [index, owner] of owners.entries()) {
      await user.type(screen.getAllByRole('textbox', { name: /^Name/ })[index]!, owner.name);
      await user.type(screen.getAllByRole('textbox', { name: /^PAN Number/ })[index]!, owner.pan);
      await user.type(screen.getAllByRole('spinbutton', { name: /^Ownership/ })[index]!, owner.share);
    }
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The ownership of all beneficial owners together cannot exceed 100 percent')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('asks whether beneficial owners exist, and asks for them when the answer is yes', async () => {
    const { calls, onSaved } = renderStep({ ...blank, ubo_exist: null, business_category_id: 2, business_sub_category_id: 203, monthly_expected_volume: '30001-60000' }, (body) => ({
      body: { merchant: { ...blank, ...body.merchant } },
    }));
    const user = userEvent.setup();
    expect(screen.queryByText('Ultimate Beneficial Owners')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText('Ultimate Beneficial Owners')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Beneficial owner' }));
    expect(screen.getAllByRole('textbox', { name: /^Name/ })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    expect(screen.getAllByRole('textbox', { name: /^Name/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findAllByText('This field cannot be left blank')).toHaveLength(2); // the first owner's name and PAN
    expect(screen.queryByText(/ultimate_beneficiaries/)).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((calls.find((call) => call.method === 'PUT')?.body as { merchant: Record<string, unknown> }).merchant).toMatchObject({ ubo_exist: false });
  });
});
