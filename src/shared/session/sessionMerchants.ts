/** A merchant of the session's list (platform spec section 3: session storage holds the merchants, with mid and PAN). */
export interface StoredMerchant {
  uuid: string;
  mid: number;
  name: string | null;
  pancard_number: string | null;
}

const MERCHANTS_KEY = 'merchants';

/** Keeps the user's merchants (from the merchants call) in session storage; cleared with the session (clearSession). */
export function rememberMerchants(merchants: readonly StoredMerchant[]): void {
  const kept = merchants.map(({ uuid, mid, name, pancard_number }) => ({ uuid, mid, name, pancard_number }));
  sessionStorage.setItem(MERCHANTS_KEY, JSON.stringify(kept));
}

/** The merchants kept by rememberMerchants; empty before the merchants call has answered in this tab. */
export function storedMerchants(): StoredMerchant[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(MERCHANTS_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as StoredMerchant[]) : [];
  } catch {
    return [];
  }
}
