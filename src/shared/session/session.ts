/** Token data as stored in the browser (onboarding spec section 3, Token data). */
export interface StoredSession {
  access_token: string;
  expires_in: number;
  /** When the token stops working, in epoch milliseconds (now + expires_in). */
  tokenLifeTime: number;
  user_uuid?: string;
  merchant_uuid?: string;
}

const SESSION_KEY = 'session';
const SOURCE_KEY = 'appSource';
/** Seconds a session passed in the entry address lasts (spec section 9). */
export const URL_SESSION_SECONDS = 86399;

/** Stores a new session from token data; the lifetime end is computed from expires_in. */
export function saveSession(data: { access_token: string; expires_in: number; user_uuid?: string; merchant_uuid?: string }, now = Date.now()): StoredSession {
  const session: StoredSession = { ...data, tokenLifeTime: now + data.expires_in * 1000 };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/** The stored session, if any and still active. */
export function activeSession(now = Date.now()): StoredSession | null {
  try {
    const session = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as StoredSession | null;
    return session && session.tokenLifeTime > now ? session : null;
  } catch {
    return null;
  }
}

/**
 * Makes `merchantUuid` the merchant the session works on (the merchant switcher): kept in the stored session, so it
 * holds across reloads and ends with the session. No-op without an active session.
 */
export function chooseSessionMerchant(merchantUuid: string, now = Date.now()): void {
  const session = activeSession(now);
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify({ ...session, merchant_uuid: merchantUuid }));
}

/** Clears everything stored locally about the signed-in user (kept: lead-tracking and reseller id). */
export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem('user');
  for (const key of Object.keys(localStorage)) if (key.startsWith('draft:')) localStorage.removeItem(key);
  sessionStorage.removeItem('merchants');
}

/** The app source (Web, AndroidApp, iOSApp); 'NA' when none was given. */
export function appSource(): string {
  return sessionStorage.getItem(SOURCE_KEY) ?? 'NA';
}

export function setAppSource(source: string): void {
  sessionStorage.setItem(SOURCE_KEY, source);
}
