import { activeSession } from '../session/session';
import { apiFetch } from './fetcher';
import type { Merchant, MerchantSummary } from './types';

/**
 * The session's merchant record (its own, else the first of the merchants call); undefined when there is none. The
 * paths are written out rather than taken from keys.ts: importing it here splits it into a chunk of its own on every
 * first load (the route gate uses this).
 */
export async function sessionMerchant(): Promise<Merchant | undefined> {
  const uuid = activeSession()?.merchant_uuid ?? (await apiFetch<{ merchants: MerchantSummary[] }>('/api/v1/merchants')).merchants[0]?.uuid;
  return uuid ? (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${encodeURIComponent(uuid)}`)).merchant : undefined;
}
