import { PRODUCTS, productVariant } from '../../shared/products';
import { allowedRedirect, type HostRule } from '../../../common/redirect/allowedRedirect';
import type { LogoutTargets } from '../../../common/redirect/logoutTargets';

/** Where /account/service_login sends the user, or why it cannot (platform spec sections 2 and 8). */
export type ServiceLoginStep =
  | { kind: 'refused'; reason: 'notProvided' | 'notAllowed' }
  | { kind: 'signIn'; href: string }
  | { kind: 'logout'; href: string }
  | { kind: 'post'; action: string; fields: { authToken: string; merchantId: string } }
  | { kind: 'redirect'; href: string };

/** The target of redirect_to when it is given and allowed; otherwise the refusal the screen shows. */
export function redirectTarget(query: URLSearchParams, rules: readonly HostRule[]): URL | Extract<ServiceLoginStep, { kind: 'refused' }> {
  const target = query.get('redirect_to');
  if (!target) return { kind: 'refused', reason: 'notProvided' };
  return allowedRedirect(target, rules) ?? { kind: 'refused', reason: 'notAllowed' };
}

/** Sign-in keeps the whole query (redirect_to and the rest), so that it can come back here afterwards. */
export function signInHref(query: URLSearchParams): string {
  return `/app/account/signin?${query}`;
}

/** What the hand-off needs to know about the signed-in user. */
export interface SignedInUser {
  token: string;
  /** The merchant the user acts for (the session's, else the first of the merchants call); none when not found. */
  merchant: { mid: number; product?: unknown } | undefined;
  /** The mids the merchants call returned. */
  mids: readonly number[];
  profileCompleted: boolean;
}

/**
 * The step for a signed-in user: logged out when the merchant's mid is not among the merchants call's; the business
 * product's dashboard gets authToken and merchantId by a form post; any other product's address gets them in its query,
 * with profileCompleted and the page's other query parameters.
 */
export function signedInStep(target: URL, query: URLSearchParams, user: SignedInUser): ServiceLoginStep {
  if (!user.merchant || !user.mids.includes(user.merchant.mid)) return { kind: 'logout', href: signInHref(query) };
  const merchantId = String(user.merchant.mid);
  // The business gateway's dashboard takes the session by a form post (platform spec section 2).
  if (user.merchant.product === PRODUCTS.business) return { kind: 'post', action: target.href, fields: { authToken: user.token, merchantId } };
  const destination = new URL(target);
  for (const [key, value] of query) if (key !== 'redirect_to') destination.searchParams.append(key, value);
  destination.searchParams.set('profileCompleted', String(user.profileCompleted));
  destination.searchParams.set('authToken', user.token);
  destination.searchParams.set('merchantId', merchantId);
  return { kind: 'redirect', href: destination.href };
}

/**
 * Where /account/service_logout goes once the session has ended: the logout address the page gives (redirect_to),
 * else the configured target of the user's dashboard preference (one_dashboard) or product; each only when the logout
 * allow-list admits it; otherwise /app.
 */
export function logoutDestination(query: URLSearchParams, rules: readonly HostRule[], targets: LogoutTargets = {}, merchant?: Readonly<Record<string, unknown>>): string {
  const variant = productVariant(merchant?.product);
  const candidates = [query.get('redirect_to'), merchant?.dashboard_preference === 'one_dashboard' ? targets.one_dashboard : undefined, variant && targets[variant]];
  for (const candidate of candidates) {
    const allowed = allowedRedirect(candidate, rules);
    if (allowed) return allowed.href;
  }
  return '/app';
}
