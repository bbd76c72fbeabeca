import useSWR from 'swr';
import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';

/** The answer of GET merchants/{id}/fetch_display_name (schemas/now/display-name.json#/$defs/suggestions). */
export interface DisplayNameSuggestions {
  display_name: string | null;
  suggestions: string[];
}

/** The SWR key of a merchant's display-name suggestions: the path they come from. */
export const displayNameSuggestionsKey = (uuid: string) => `/api/v1/merchants/${uuid}/fetch_display_name`;

/** The names the merchant's store and payment page may show, the saved one first. */
export function useDisplayNameSuggestions(uuid: string | undefined) {
  return useSWR(uuid ? displayNameSuggestionsKey(uuid) : null, (path: string) => apiFetch<DisplayNameSuggestions>(path), { revalidateOnFocus: false });
}

/** Saves the display name (PUT merchants/{uuid} with merchant {display_name}); resolves to the record the server answers. */
export async function saveDisplayName(uuid: string, displayName: string): Promise<Merchant> {
  const answer = await apiFetch<{ merchant: Merchant }>(`/api/v1/merchants/${uuid}`, { method: 'PUT', body: { merchant: { display_name: displayName } } });
  return answer.merchant;
}

/** Where the display-name screen goes back to: `from` when it is a path of this app, else the NOW bank screen. */
export function returnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/bank-details';
}

/** What the screen gone back to is told when the merchant saved a name (history state): it confirms the name. */
export interface DisplayNameSavedState {
  displayNameSaved: string;
}
