import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreenAt } from '../renderScreen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import productVariants from '../../../schemas/master/product-variants.json';
import WelcomePage from '../../../src/features/welcome/WelcomePage';
import { mockFetch } from '../../fetchMock';

const track = vi.hoisted(() => vi.fn());
vi.mock('../../../src/shared/analytics/analytics', () => ({ track }));

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const MERCHANT = { uuid: UUID, mid: 8800002, name: 'Asha Verma', business_name: 'Nimbus Traders', email: 'asha@example.com', product: 'PayUmoney', is_cs_eligible: true, cs_plan: null };

function renderPage(merchant: Record<string, unknown> = {}) {
  mockFetch(({ url }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: 8800002, name: 'Nimbus Traders', pancard_number: null }] } };
    if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant: { ...MERCHANT, ...merchant } } };
    return undefined;
  });
  const where = renderScreenAt('/welcome', "/welcome", <WelcomePage />);
  return { user: userEvent.setup(), where };
}

afterEach(() => {
  vi.unstubAllGlobals();
  track.mockReset();
});

describe('WelcomePage', () => {
  it('greets the merchant by name and asks what they would like to do', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Asha Verma,' })).toBeInTheDocument();
    expect(screen.getByText('What would you like to do?')).toBeInTheDocument();
  });

  it('ACTIVATE ACCOUNT goes to /onboarding', async () => {
    const { user, where } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'ACTIVATE ACCOUNT' }));
    expect(where()).toBe('/onboarding');
  });

  it.each([
    ['PayUbiz', productVariants.variants.business.dashboard],
    ['PayUmoney', productVariants.variants.money.dashboard],
    ['PayUnow', productVariants.variants.now.dashboard],
    [null, productVariants.variants.business.dashboard],
  ])('COLLECT PAYMENTS of product %s leads to its dashboard and fires Dashboard CTA clicked', async (product, url) => {
    const { user } = renderPage({ product });
    const link = await screen.findByRole('link', { name: 'COLLECT PAYMENTS' });
    expect(link).toHaveAttribute('href', url);
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(track).toHaveBeenCalledWith('Dashboard CTA clicked', expect.objectContaining({ cta_name: 'COLLECT PAYMENTS', page: 'welcome', mid: 8800002, email: 'asha@example.com' }));
  });

  it.each([
    ['eligible, no plan', { is_cs_eligible: true, cs_plan: null }, true],
    ['eligible, payment pending', { is_cs_eligible: true, cs_plan: { name: 'Business Plus', status: 'payment_pending' } }, true],
    ['eligible, paid', { is_cs_eligible: true, cs_plan: { name: 'Business Plus', status: 'payment_completed' } }, false],
    ['eligible, account manager assigned', { is_cs_eligible: true, cs_plan: { name: 'Business Premium', status: 'kam_assigned' } }, false],
    ['not eligible', { is_cs_eligible: false, cs_plan: null }, false],
  ])('shows the Go Premium nudge by its rule: %s', async (_case, merchant, shown) => {
    renderPage(merchant);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Go Premium' }) !== null).toBe(shown);
  });
});
