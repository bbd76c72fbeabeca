import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DisplayNamePage from '../../../src/features/now/DisplayNamePage';
import NowBankPage from '../../../src/features/now/NowBankPage';
import { MemoryRouter, Route, Routes } from '../../../src/shared/router';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const SUGGESTIONS = ['Kiran Kirana', 'Kiran Kirana Stores Private Limited', 'Kiran Kirana Stores'];
/** A NOW merchant whose test deposit goes by NEFT: the bank screen shows the NEFT fallback. */
const nowMerchant = {
  uuid: UUID,
  mid: 8800004,
  name: 'Kiran Rao',
  product: 'PayUnow',
  display_name: null as string | null,
  bank_detail: { id: 9, bank_account_number: '999900000003', ifsc_code: 'ABHY0065201', holder_name: 'Kiran Kirana', bank_verification_status: 'pending', penny_deposit_status: 'NOT_INITIATED', penny_deposit_method: 'NEFT', penny_attempt_left: 3 },
};

type Answer = { status?: number; body?: unknown };
function renderFlow(saveAnswer?: Answer) {
  saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: UUID });
  const merchant = { ...nowMerchant };
  const calls = mockFetch(({ url, method, body }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: merchant.mid, name: merchant.name, pancard_number: null }] } };
    if (url === `/api/v1/merchants/${UUID}/fetch_display_name`) return { body: { display_name: merchant.display_name, suggestions: SUGGESTIONS } };
    if (url === `/api/v1/merchants/${UUID}` && method === 'PUT') {
      if (saveAnswer) return saveAnswer;
      merchant.display_name = (body as { merchant: { display_name: string } }).merchant.display_name;
      return { body: { merchant, addendum: null } };
    }
    if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant } };
    return undefined;
  });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/bank-details']}>
        <Routes>
          <Route path="/bank-details" element={<NowBankPage />} />
          <Route path="/display-name" element={<DisplayNamePage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { user: userEvent.setup(), calls };
}

async function openDisplayName(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'CHOOSE WEBSITE NAME' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your website name' });
  return screen.findByRole('textbox', { name: /Website name/ });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('DisplayNamePage', () => {
  it('opens from the NEFT fallback, saves a suggested name and goes back, confirming it above what comes next', async () => {
    const { user, calls } = renderFlow();
    const field = await openDisplayName(user);
    expect(field).toHaveValue('Kiran Kirana');
    const suggestions = screen.getByRole('group', { name: 'Suggested names' });
    expect(within(suggestions).getAllByRole('button').map((button) => button.textContent)).toEqual(SUGGESTIONS);
    expect(within(suggestions).getByRole('button', { name: 'Kiran Kirana' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(suggestions).getByRole('button', { name: 'Kiran Kirana Stores' }));
    expect(await screen.findByRole('textbox', { name: /Website name/ })).toHaveValue('Kiran Kirana Stores');
    expect(within(suggestions).getByRole('button', { name: 'Kiran Kirana Stores' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Website name saved. Your customers will see Kiran Kirana Stores.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Few more steps to activate your payment gateway' })).toBeInTheDocument();
    expect(screen.getByText('Website name: Kiran Kirana Stores')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ merchant: { display_name: 'Kiran Kirana Stores' } }]);
  });

  it('checks a typed name with the shared schema before sending anything', async () => {
    const { user, calls } = renderFlow();
    const field = await openDisplayName(user);
    await user.clear(field);
    await user.type(field, 'Kiran <Kirana>');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findAllByText(/Use letters, numbers, spaces and & \. , ' \( \) - only/)).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal under the field and stays", async () => {
    const { user } = renderFlow({ status: 422, body: { errors: { display_name: ['Enter 3 to 50 characters'] } } });
    await openDisplayName(user);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findAllByText('Enter 3 to 50 characters')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your website name' })).toBeInTheDocument();
  });
});
