import useSWR from 'swr';
import useSWRImmutable from 'swr/immutable';
import { apiFetch } from './fetcher';
import { rememberMerchants } from '../session/sessionMerchants';
import { keys } from './keys';
import type { BusinessEntitiesResponse, Merchant, MerchantSummary, TokenInfo } from './types';

const get = <T,>(path: string) => apiFetch<T>(path);

/** The merchants the signed-in user acts for (kept in session storage too); the app works on the current one (currentMerchant.ts). */
export function useMerchants() {
  return useSWR(keys.merchants, (path: string) =>
    get<{ merchants: MerchantSummary[] }>(path).then((body) => {
      rememberMerchants(body.merchants);
      return body.merchants;
    }),
  );
}

/** One merchant record, refreshed on focus. */
export function useMerchant(uuid: string | undefined) {
  return useSWR(uuid ? keys.merchant(uuid) : null, (path: string) => get<{ merchant: Merchant }>(path).then((body) => body.merchant));
}

/** Business entities and the PAN letter table (master data: fetched once). */
export function useBusinessEntities() {
  return useSWRImmutable(keys.businessEntities, (path: string) => get<BusinessEntitiesResponse>(path));
}

/** The flat, deduplicated permission names and scopes of the signed-in user (spec section 6). */
export function usePermissions(mid: number | undefined) {
  return useSWRImmutable(mid ? `${keys.tokenInfo}?mid=${mid}` : null, (path: string) =>
    get<TokenInfo>(path).then((info) => [...new Set(info.acl_role.acl_permissions.flatMap((permission) => [permission.name, ...permission.scopes]))]),
  );
}
