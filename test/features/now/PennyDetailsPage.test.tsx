import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import productVariants from '../../../schemas/master/product-variants.json';
import PennyDetailsPage from '../../../src/features/now/PennyDetailsPage';
import { MemoryRouter } from '../../../src/shared/router';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const verifiedNowMerchant = {
  uuid: UUID,
  mid: 8800003,
  name: 'Chai Point',
  product: 'PayUnow',
  bank_detail: { id: 7, bank_account_number: '50100123456789', ifsc_code: 'HDFC0000001', holder_name: 'Chai Point', bank_verification_status: 'verified', penny_deposit_status: 'SUCCESS', penny_deposit_method: 'IMPS', penny_attempt_left: 3 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PennyDetailsPage', () => {
  it("sends a verified merchant on to their product's home: the NOW dashboard, not the onboarding steps", async () => {
    saveSession({ access_token: 'token', expires_in: 3600, merchant_uuid: UUID });
    mockFetch(({ url }) => {
      if (url === '/api/v1/merchants') return { body: { merchants: [{ uuid: UUID, mid: 8800003, name: 'Chai Point', pancard_number: null }] } };
      if (url === `/api/v1/merchants/${UUID}`) return { body: { merchant: verifiedNowMerchant } };
      return undefined;
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={['/penny-details']}>
          <PennyDetailsPage />
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(await screen.findByText('Your bank account is verified. Your payouts will start within 3 working days.')).toBeInTheDocument();
    expect(productVariants.variants.now.product).toBe('PayUnow');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', productVariants.variants.now.dashboard);
  });
});
