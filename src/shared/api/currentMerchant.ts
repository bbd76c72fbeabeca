import { activeSession } from '../session/session';
import { storedMerchants } from '../session/sessionMerchants';
import { useMerchants } from './hooks';
import type { MerchantSummary } from './types';

/**
 * The uuid of the merchant the session works on: the one chosen for the session (entry address or merchant switcher,
 * kept in the stored session) while the user acts for it, else the first of their merchants. Before the merchants
 * call has answered, the chosen one.
 */
export function currentMerchantUuid(merchants?: readonly Pick<MerchantSummary, 'uuid'>[]): string | undefined {
  const chosen = activeSession()?.merchant_uuid;
  if (!merchants) return chosen;
  return merchants.some((merchant) => merchant.uuid === chosen) ? chosen : merchants[0]?.uuid;
}

/** The user's merchants (the SWR answer), the current merchant's uuid and its summary once the list is known. */
export function useCurrentMerchant() {
  const merchants = useMerchants();
  const uuid = currentMerchantUuid(merchants.data);
  return { merchants, uuid, summary: merchants.data?.find((merchant) => merchant.uuid === uuid) };
}

/** Whether the user acts for two merchants or more: the account menu shows Team Accounts (the merchant switcher) then. */
export function useHasSeveralMerchants(): boolean {
  return (useMerchants().data?.length ?? 0) >= 2;
}

/** The same without React, from the merchants kept in session storage: false until the merchants call has answered. */
export function hasSeveralMerchants(): boolean {
  return storedMerchants().length >= 2;
}
