import type { Merchant } from '../shared/api/types';
import type { ProductVariant } from '../shared/products';

/** What the access rules of the /app routes read (platform spec section 2). */
export interface RouteFacts {
  signedIn: boolean;
  /** The session's merchant record, for the rules that read it (AppRoute.readsMerchant); absent if it failed to load. */
  merchant?: Merchant;
  /** The variant of the merchant's product (read with the merchant). */
  product?: ProductVariant;
  /**
   * The terms check (business origin, product and requested product). Its inputs are not built yet (the terms
   * screen and the requested product are the platform issue's), so the app passes false.
   */
  termsEligible: boolean;
  /** The utm parameters stored at entry, replayed on the fallback to /account. */
  utmParams: Record<string, string>;
}

/** The screens the table can show; a route without one (not built yet) shows the not-found page once allowed. */
export type ScreenName = 'signIn' | 'onboarding' | 'nowBank' | 'pennyDetails' | 'ops' | 'teamAccounts' | 'oauthAuthorize' | 'welcome' | 'assessment' | 'plans';

/** One route under /app: its screen, who may see it and, when not, where they go instead. */
export interface AppRoute {
  path: string;
  screen?: ScreenName;
  /** Whether the rule reads the merchant record (loaded before deciding). */
  readsMerchant?: boolean;
  allow?: (facts: RouteFacts) => boolean;
  /** Where a user the rule refuses goes; `here` is the path and query asked for. */
  redirect?: (facts: RouteFacts, here: string) => string;
}

const signedIn = (facts: RouteFacts) => facts.signedIn;
/** Sign-in, then back to where the user was. */
const toSignIn = (_facts: RouteFacts, here: string) => `/account?${new URLSearchParams({ redirectTo: here })}`;
/** /onboarding's fallback: the terms for a signed-in, product-eligible user, else /account with the stored utm parameters. */
const onboardingFallback = (facts: RouteFacts, here: string) =>
  facts.signedIn && facts.termsEligible ? '/terms-conditions' : `/account?${new URLSearchParams({ ...facts.utmParams, redirectTo: here })}`;
const planOpen = (merchant: Merchant | undefined) => {
  const status = (merchant?.cs_plan as { status?: unknown } | null | undefined)?.status;
  return status !== 'payment_completed' && status !== 'kam_assigned';
};

/** The routes under /app and their access rules, as the spec's table (platform spec section 2). */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/account', screen: 'signIn' },
  { path: '/account/signin', screen: 'signIn' },
  { path: '/oauth/authorize', screen: 'oauthAuthorize', allow: signedIn, redirect: toSignIn },
  {
    path: '/bank-details',
    screen: 'nowBank',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.product === 'now',
    redirect: (facts, here) => (facts.signedIn ? '/onboarding' : toSignIn(facts, here)),
  },
  { path: '/penny-details', screen: 'pennyDetails', allow: signedIn, redirect: toSignIn },
  { path: '/terms-conditions', allow: (facts) => facts.signedIn && facts.termsEligible, redirect: onboardingFallback },
  // "Always allowed" in the spec's table, yet the journey needs a session: without one, its fallback.
  { path: '/onboarding/*', screen: 'onboarding', allow: signedIn, redirect: onboardingFallback },
  {
    path: '/settings/team_accounts/*',
    screen: 'teamAccounts',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.product === 'money' && !facts.termsEligible,
    redirect: onboardingFallback,
  },
  { path: '/welcome', screen: 'welcome', allow: signedIn, redirect: toSignIn },
  {
    path: '/plans',
    screen: 'plans',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.merchant?.is_cs_eligible === true && planOpen(facts.merchant),
    redirect: (facts, here) => (facts.signedIn ? '/welcome' : toSignIn(facts, here)),
  },
  {
    path: '/assessment',
    screen: 'assessment',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.merchant?.new_merchant === true,
    redirect: (facts, here) => (facts.signedIn ? '/welcome' : toSignIn(facts, here)),
  },
  { path: '/ops/*', screen: 'ops', allow: signedIn, redirect: toSignIn },
];

/** Whether a route shows for these facts, or where the user goes instead. */
export function routeDecision(route: AppRoute, facts: RouteFacts, here: string): { show: true } | { redirect: string } {
  if (!route.allow || route.allow(facts)) return { show: true };
  return { redirect: (route.redirect ?? toSignIn)(facts, here) };
}
