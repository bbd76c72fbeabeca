import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';

/** Accepts the terms of the product the app was opened for, which moves the account to it (PUT update_merchant_product). */
export const acceptProductTerms = (uuid: string, product: string) =>
  apiFetch<{ product: string; merchant: Merchant }>(`/api/v1/merchants/${encodeURIComponent(uuid)}/update_merchant_product`, {
    method: 'PUT',
    body: { product, terms_accepted: true },
  });
