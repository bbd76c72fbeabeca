import type { ScopedMutator } from 'swr';

/**
 * Reads the signed-in user's data again (the merchants, the open merchant record, the permissions): what the app
 * does 5 s after the live channel says the bank is verified (onboarding spec section 4). Every cached API answer of
 * the app's SWR cache (`mutate` of useSWRConfig) is revalidated; the token stays.
 */
export function refreshSession(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => typeof key === 'string' && key.startsWith('/api/v1/'));
}
