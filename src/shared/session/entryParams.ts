import { clearSession, saveSession, setAppSource, URL_SESSION_SECONDS } from './session';

const LEAD_PARAMS = /^(service_intent|utm_.+|campaign_.+|source_.+|reseller_id|partner_uuid|merchant_account_id)$/;
const CAMPAIGN_CONTEXT = 'campaign_context';

/**
 * Reads the entry address once at start (onboarding spec section 1): a token with a merchant
 * uuid starts a fresh session of 86399 s; the app source is kept (default NA); lead-tracking
 * parameters are kept for the session, the reseller id in local storage. Returns the address
 * without the token parameters, so they do not stay in history.
 */
export function captureEntryParams(url: URL, now = Date.now()): string {
  const params = url.searchParams;
  const token = params.get('token');
  const merchantUuid = params.get('merchant_uuid') ?? params.get('uuid');
  if (token && merchantUuid) {
    clearSession();
    saveSession({ access_token: token, expires_in: URL_SESSION_SECONDS, merchant_uuid: merchantUuid }, now);
  }
  const source = params.get('source') ?? params.get('app_source');
  if (source) setAppSource(source);

  const leads: Record<string, string> = JSON.parse(sessionStorage.getItem('leadParams') ?? '{}');
  for (const [key, value] of params) {
    if (key === CAMPAIGN_CONTEXT && value.length >= 255) continue;
    if (LEAD_PARAMS.test(key) || key === CAMPAIGN_CONTEXT) leads[key] = value;
  }
  sessionStorage.setItem('leadParams', JSON.stringify(leads));
  const reseller = params.get('reseller_id');
  if (reseller) localStorage.setItem('reseller_id', reseller);

  for (const key of ['token', 'merchant_uuid', 'uuid']) if (token && merchantUuid) params.delete(key);
  return url.pathname + (params.size ? `?${params}` : '') + url.hash;
}

/**
 * The lead-tracking parameters kept at entry for this session (utm_*, campaign_*, source_*, service_intent,
 * reseller_id, partner_uuid, merchant_account_id; a campaign context only under 255 characters), replayed on the
 * fallback to /account (platform spec sections 2 and 3), so a campaign survives the detour through sign-in.
 */
export function storedLeadParams(): Record<string, string> {
  return JSON.parse(sessionStorage.getItem('leadParams') ?? '{}') as Record<string, string>;
}
