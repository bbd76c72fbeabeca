import { apiFetch } from '../../shared/api/fetcher';

/** A partner as the consent screen shows it (GET /api/v1/oauth/authorize). */
export interface OAuthPartner {
  client_id: string;
  name: string;
  /** A data: URI or a path on this site. */
  logo: string;
  /** #rrggbb */
  color_code: string;
  skip_onboarding_for_oauth: boolean;
  permissions: Array<{ name: string; title: string }>;
}

/** The query of /oauth/authorize the screen needs. */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri: string;
  state: string;
}

/** The SWR key of the partner of an authorize request. */
export const partnerKey = (request: AuthorizeRequest) => `/api/v1/oauth/authorize?${new URLSearchParams({ client_id: request.client_id, redirect_uri: request.redirect_uri })}`;

/** Reads the partner; refused (422) when the redirect_uri is not exactly the registered one. */
export const fetchPartner = (path: string) => apiFetch<{ partner: OAuthPartner }>(path).then((body) => body.partner);

/** Allows or denies the partner; the answer's redirect_to is the registered URI with code (or error) and state. */
export const sendConsent = (request: AuthorizeRequest, consent: boolean, mid: number | undefined) =>
  apiFetch<{ redirect_to: string; state: string; code?: string }>('/api/v1/oauth/authorize', {
    method: 'POST',
    body: { ...request, consent, ...(mid === undefined ? {} : { mid: String(mid) }) },
  });

/** Where the screen sends the browser back to the partner; replaced in tests. */
export const partnerNavigation = {
  toPartner(url: string): void {
    window.location.assign(url);
  },
};
