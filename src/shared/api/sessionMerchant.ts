import { activeSession } from '../session/session';
import { rememberMerchants } from '../session/sessionMerchants';
import { apiFetch } from './fetcher';
import type { Merchant, MerchantSummary } from './types';

/**
 * The session's merchant record (the one chosen for the session, by the entry address or the merchant switcher, else
 * the first of the merchants call); undefined when there is none. The
 * paths are written out rather than taken from keys.ts: importing it here splits it into a chunk of its own on every
 * first load (the route gate uses this).
 */
export async function sessionMerchant(): Promise<Merchant | undefined> {
  const uuid = activeSession()?.merchant_uuid ?? (await sessionMerchants())[0]?.uuid;
  return uuid ? (await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${encodeURIComponent(uuid)}`)).merchant : undefined;
}

/** The merchants the user acts for (the merchants call), kept in session storage as well. */
export async function sessionMerchants(): Promise<MerchantSummary[]> {
  const { merchants } = await apiFetch<{ merchants: MerchantSummary[] }>('/api/v1/merchants');
  rememberMerchants(merchants);
  return merchants;
}
