import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreenAt } from '../renderScreen';
import { afterEach, describe, expect, it, vi } from 'vitest';
import productVariants from '../../../schemas/master/product-variants.json';
import { pricingPlans } from '../../../schemas/registry';
import PlansPage from '../../../src/features/plans/PlansPage';
import { mockFetch } from '../../fetchMock';

const UUID = '0f5c4c1e-3a55-4a43-9d0e-2b1f6f0f7a11';
const MID = 8800002;
const PAY = `/api/v1/merchants/${MID}/cs_plans/generate_payment_params`;

type Answer = { status?: number; body?: unknown };
function renderPage({ merchant = {}, payment = () => ({ body: { payment_url: '/sandbox/payment', txnid: 'abc', amount: '1121' } }) }: { merchant?: Record<string, unknown>; payment?: () => Answer } = {}) {
  const calls = mockFetch(({ method, url }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: MID, name: 'Nimbus', pancard_number: null }] } };
    if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant: { uuid: UUID, mid: MID, product: 'PayUbiz', new_merchant: true, is_cs_eligible: true, cs_plan: null, ...merchant } } };
    if (url === '/api/v1/pricing_plans') return { body: pricingPlans };
    if (method === 'POST' && url === PAY) return payment();
    if (method === 'POST' && url === `/api/v1/merchants/${MID}/cs_plans/starter`) return { body: {} };
    return undefined;
  });
  const where = renderScreenAt('/plans', "/plans", <PlansPage />);
  return { calls, user: userEvent.setup(), where };
}

afterEach(() => vi.unstubAllGlobals());

describe('PlansPage', () => {
  it('shows the three plans from master data with their prices, and Explore Dashboard for a new merchant', async () => {
    renderPage();
    for (const name of ['Starter', 'Business Plus', 'Business Premium']) expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Starter' })).getByText('Free')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Business Plus' })).getByText('₹1,121 incl. 18% GST')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Business Premium' })).getByText('25% off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Dashboard' })).toHaveAttribute('href', productVariants.variants.business.dashboard);
  });

  it('shows Cancel for a merchant who is not new', async () => {
    renderPage({ merchant: { new_merchant: false } });
    expect(await screen.findByRole('link', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('opens and closes the comparison table', async () => {
    const { user } = renderPage();
    const toggle = await screen.findByRole('button', { name: 'Compare plans' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('rowheader', { name: 'Business Growth Support' })).toBeVisible();
  });

  it('Starter turns new_merchant off (server) and goes to /onboarding', async () => {
    const { calls, user, where } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'SELECT Starter' }));
    await waitFor(() => expect(where()).toBe('/onboarding'));
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/cs_plans/starter'))).toBe(true);
  });

  it('a paid plan leads to its review without the header link; CHANGE returns to the list', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'SELECT Business Premium' }));
    const review = screen.getByRole('region', { name: 'Review your plan' });
    expect(within(review).getByText('₹1,770')).toBeInTheDocument();
    expect(within(review).getByText('Business Growth Support')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Explore Dashboard' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'CHANGE' }));
    expect(screen.getByRole('region', { name: 'Starter' })).toBeInTheDocument();
  });

  it('PROCEED TO PAY disables the buttons and posts a hidden form of the payment fields to payment_url', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { calls, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'SELECT Business Plus' }));
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(calls.find((call) => call.url === PAY)?.body).toEqual({ cs_plan_name: 1 });
    const form = document.querySelector('form[action="/sandbox/payment"]') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({ txnid: 'abc', amount: '1121' });
    expect(screen.getByRole('button', { name: 'PROCEED TO PAY' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'CHANGE' })).toBeDisabled();
    submit.mockRestore();
  });

  it('goes silently to the product dashboard when the payment cannot start', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderPage({ payment: () => ({ status: 409, body: { error: 'x' } }) });
    await user.click(await screen.findByRole('button', { name: 'SELECT Business Plus' }));
    await user.click(screen.getByRole('button', { name: 'PROCEED TO PAY' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(productVariants.variants.business.dashboard));
  });
});
