import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MerchantSwitchPage from '../../../src/features/merchantSwitch/MerchantSwitchPage';
import { currentMerchantUuid, hasSeveralMerchants, useHasSeveralMerchants } from '../../../src/shared/api/currentMerchant';
import { activeSession, saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';
import { renderScreenAt } from '../renderScreen';

const BOUTIQUE = { uuid: '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11', mid: 8800031, name: 'Kavya Rao Boutique', pancard_number: null, role_name: 'Owner' };
const ONLINE = { uuid: '1a2b3c4d-3a55-4a43-9d0e-2b1f6f0f7a12', mid: 8800032, name: 'Kavya Rao Online', pancard_number: 'AAACK7788M', role_name: 'Accountant' };

function renderPage(merchants = [BOUTIQUE, ONLINE]) {
  mockFetch(({ url }) => (url === '/api/v1/merchants' ? { body: { merchants } } : undefined));
  const where = renderScreenAt('/account/team-accounts', '/account/team-accounts', <MerchantSwitchPage />);
  return { where, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('MerchantSwitchPage', () => {
  it("lists the user's merchants with name, MID and role, the first marked current without a choice", async () => {
    saveSession({ access_token: 't', expires_in: 3600 });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Accounts' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Your merchant accounts' })).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Kavya Rao Boutique');
    expect(items[0]).toHaveTextContent('MID 8800031');
    expect(items[0]).toHaveTextContent('Role: Owner');
    expect(items[0]).toHaveTextContent('Current');
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(items[1]).toHaveTextContent('Role: Accountant');
    expect(items[1]).not.toHaveAttribute('aria-current');
  });

  it('marks the merchant chosen for the session as current', async () => {
    saveSession({ access_token: 't', expires_in: 3600, merchant_uuid: ONLINE.uuid });
    renderPage();
    expect(await screen.findByRole('button', { name: /Kavya Rao Online/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Kavya Rao Boutique/ })).not.toHaveAttribute('aria-current');
  });

  it('choosing a merchant makes it the session merchant (kept in the stored session) and goes to /onboarding', async () => {
    saveSession({ access_token: 'token-1', expires_in: 3600 });
    const { user, where } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Kavya Rao Online/ }));
    expect(where()).toBe('/onboarding');
    expect(activeSession()).toEqual(expect.objectContaining({ access_token: 'token-1', merchant_uuid: ONLINE.uuid }));
    // What every screen reads as the current merchant: this one, as long as the user acts for it.
    expect(currentMerchantUuid([BOUTIQUE, ONLINE])).toBe(ONLINE.uuid);
    expect(currentMerchantUuid(undefined)).toBe(ONLINE.uuid);
  });

  it('keeps the merchants in session storage with mid and PAN (spec section 3)', async () => {
    renderPage();
    await screen.findByRole('button', { name: /Kavya Rao Online/ });
    expect(JSON.parse(sessionStorage.getItem('merchants') ?? '[]')).toEqual([
      { uuid: BOUTIQUE.uuid, mid: BOUTIQUE.mid, name: BOUTIQUE.name, pancard_number: null },
      { uuid: ONLINE.uuid, mid: ONLINE.mid, name: ONLINE.name, pancard_number: 'AAACK7788M' },
    ]);
  });
});

describe('currentMerchantUuid()', () => {
  it('falls back to the first merchant when the stored choice is not among them', () => {
    saveSession({ access_token: 't', expires_in: 3600, merchant_uuid: '9f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a19' });
    expect(currentMerchantUuid([BOUTIQUE, ONLINE])).toBe(BOUTIQUE.uuid);
  });
});

describe('hasSeveralMerchants() and useHasSeveralMerchants()', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>;

  it.each([
    [[], false],
    [[BOUTIQUE], false],
    [[BOUTIQUE, ONLINE], true],
  ])('with %j merchants: %s', async (merchants, several) => {
    expect(hasSeveralMerchants()).toBe(false);
    mockFetch(({ url }) => (url === '/api/v1/merchants' ? { body: { merchants } } : undefined));
    const { result } = renderHook(() => useHasSeveralMerchants(), { wrapper });
    await waitFor(() => expect(sessionStorage.getItem('merchants')).not.toBeNull());
    expect(result.current).toBe(several);
    expect(hasSeveralMerchants()).toBe(several);
  });
});
