import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import variants from '../../../schemas/master/product-variants.json';
import TermsPage, { CONTINUE_AFTER_MS } from '../../../src/features/terms/TermsPage';
import { mockFetch } from '../../fetchMock';
import { renderScreenAt } from '../renderScreen';

// The app opened on the money product's host.
vi.mock('../../../src/shared/products', async (original) => ({ ...(await original<typeof import('../../../src/shared/products')>()), hostVariant: () => 'money' }));

const UUID = '5b1f2f5e-8a4c-4c59-9a43-6f2a7e0d9c21';
const MERCHANT = { uuid: UUID, mid: 8800011, business_name: 'Nimbus Traders', product: 'PayUbiz', business_origin: 'Web' };

function renderPage(answer: { status: number; body: unknown } = { status: 200, body: { product: 'PayUmoney', merchant: { ...MERCHANT, product: 'PayUmoney' } } }) {
  const sent: unknown[] = [];
  mockFetch(({ url, method, body }) => {
    if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: 8800011, name: 'Nimbus Traders' }] } };
    if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant: MERCHANT } };
    if (url === `/api/v1/merchants/${UUID}/update_merchant_product` && method === 'PUT') {
      sent.push(body);
      return answer;
    }
    return undefined;
  });
  const where = renderScreenAt('/terms-conditions', '/terms-conditions', <TermsPage />);
  return { user: userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) }), where, sent };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TermsPage', () => {
  it('names the requested product, the current one, and links its terms', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept the terms of PayUmoney' })).toBeInTheDocument();
    expect(screen.getByText(/Your account \(MID 8800011\) is set up for PayU Business/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Read the terms and conditions of PayUmoney (opens in a new tab)' });
    expect(link).toHaveAttribute('href', variants.variants.money.terms);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('accepts only once the box is ticked, then confirms and opens the activation steps', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, where, sent } = renderPage();
    const button = await screen.findByRole('button', { name: 'Accept and continue' });
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the terms and conditions of PayUmoney' }));
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Your account now uses PayUmoney. Taking you to your activation steps…');
    expect(sent).toEqual([{ product: 'PayUmoney', terms_accepted: true }]);
    expect(where()).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(CONTINUE_AFTER_MS);
    });
    expect(where()).toBe('/onboarding');
  });

  it("shows the server's refusal and lets the merchant try again", async () => {
    const text = 'These terms are for another product than the one this page was opened for. Refresh the page and try again';
    const { user } = renderPage({ status: 409, body: { error: text, code: 'TERMS_OTHER_PRODUCT' } });
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept and continue' })).toBeEnabled();
  });
});
