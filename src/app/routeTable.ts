import type { Merchant, MerchantSummary } from '../shared/api/types';
import type { ProductVariant } from '../shared/products';
import { UNLOCK_ROUTE } from '../../common/session/unlockLink';

/** What the access rules of the /app routes read (platform spec section 2). */
export interface RouteFacts {
  signedIn: boolean;
  /** The session's merchant record, for the rules that read it (AppRoute.readsMerchant); absent if it failed to load. */
  merchant?: Merchant;
  /** The variant of the merchant's product (read with the merchant). */
  product?: ProductVariant;
  /** The merchants the user acts for, for the rules that count them (AppRoute.readsMerchants); absent if not read. */
  merchants?: readonly MerchantSummary[];
  /**
   * The terms check (business origin, product and requested product): the `termsRequired` status of the merchant
   * record for the product of the host (rules/status.json). Read with the merchant; false without one.
   */
  termsEligible: boolean;
  /** The lead-tracking parameters stored at entry (utm_*, campaign_*, …), replayed on the fallback to /account. */
  leadParams: Record<string, string>;
}

/** The screens the table can show; a route without one (not built yet) shows the not-found page once allowed. */
export type ScreenName = 'signIn' | 'unlock' | 'onboarding' | 'nowBank' | 'nowDisplayName' | 'pennyDetails' | 'ops' | 'teamAccounts' | 'oauthAuthorize' | 'welcome' | 'assessment' | 'plans' | 'terms' | 'aggregator' | 'merchantSwitch' | 'password';

/** One route under /app: its screen, who may see it and, when not, where they go instead. */
export interface AppRoute {
  path: string;
  screen?: ScreenName;
  /** Whether the rule reads the merchant record (loaded before deciding). */
  readsMerchant?: boolean;
  /** Whether the rule reads the user's merchants as well (with readsMerchant: loaded with the record). */
  readsMerchants?: boolean;
  allow?: (facts: RouteFacts) => boolean;
  /** Where a user the rule refuses goes; `here` is the path and query asked for. */
  redirect?: (facts: RouteFacts, here: string) => string;
}

const signedIn = (facts: RouteFacts) => facts.signedIn;
/** Sign-in, then back to where the user was. */
const toSignIn = (_facts: RouteFacts, here: string) => `/account?${new URLSearchParams({ redirectTo: here })}`;
/** /onboarding's fallback: the terms for a signed-in, product-eligible user, else /account with the stored lead-tracking parameters. */
const onboardingFallback = (facts: RouteFacts, here: string) =>
  facts.signedIn && facts.termsEligible ? '/terms-conditions' : `/account?${new URLSearchParams({ ...facts.leadParams, redirectTo: here })}`;
const planOpen = (merchant: Merchant | undefined) => {
  const status = (merchant?.cs_plan as { status?: unknown } | null | undefined)?.status;
  return status !== 'payment_completed' && status !== 'kam_assigned';
};

/** The routes under /app and their access rules, as the spec's table (platform spec section 2). */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/account', screen: 'signIn' },
  { path: '/account/signin', screen: 'signIn' },
  // The unlock link of a sign-in lock's instruction (sent to the user's own e-mail or mobile) opens it: no session needed.
  { path: UNLOCK_ROUTE, screen: 'unlock' },
  { path: '/oauth/authorize', screen: 'oauthAuthorize', allow: signedIn, redirect: toSignIn },
  {
    path: '/bank-details',
    screen: 'nowBank',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.product === 'now',
    redirect: (facts, here) => (facts.signedIn ? '/onboarding' : toSignIn(facts, here)),
  },
  // The NOW merchant's website name (display name), opened from the NEFT fallback's CHOOSE WEBSITE NAME: NOW only too.
  {
    path: '/display-name',
    screen: 'nowDisplayName',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.product === 'now',
    redirect: (facts, here) => (facts.signedIn ? '/onboarding' : toSignIn(facts, here)),
  },
  { path: '/penny-details', screen: 'pennyDetails', allow: signedIn, redirect: toSignIn },
  {
    path: '/terms-conditions',
    screen: 'terms',
    readsMerchant: true,
    allow: (facts) => facts.signedIn && facts.termsEligible,
    redirect: (facts, here) => (facts.signedIn ? '/onboarding' : toSignIn(facts, here)),
  },
  // "Always allowed" in the spec's table, yet the journey needs a session, and a merchant the terms check passes for
  // accepts the product's terms first: otherwise, its fallback.
  { path: '/onboarding/*', screen: 'onboarding', readsMerchant: true, allow: (facts) => facts.signedIn && !facts.termsEligible, redirect: onboardingFallback },
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
  // The aggregator page (platform spec section 2): the child merchant by ?childUUID=. The server decides who is an
  // aggregator and whose child a merchant is; the screen says when the current merchant is not an aggregator.
  { path: '/aggregator', screen: 'aggregator', allow: signedIn, redirect: toSignIn },
  // Setting a new password (platform spec sections 4, 7: update_password), from the account menu.
  { path: '/account/password', screen: 'password', allow: signedIn, redirect: toSignIn },
  // The merchant switcher of the account menu's Team Accounts, hidden below 2 merchants: the route is closed then too.
  {
    path: '/account/team-accounts',
    screen: 'merchantSwitch',
    readsMerchant: true,
    readsMerchants: true,
    allow: (facts) => facts.signedIn && (facts.merchants?.length ?? 0) >= 2,
    redirect: (facts, here) => (facts.signedIn ? '/onboarding' : toSignIn(facts, here)),
  },
];

/** The page title of each screen (catalogue keys of the main catalogue: the gate sets it before the screen loads). */
export const SCREEN_TITLES: Readonly<Record<ScreenName, string>> = {
  signIn: 'auth.title',
  unlock: 'auth.unlock.title',
  onboarding: 'onboarding.title',
  nowBank: 'now.bank.title',
  nowDisplayName: 'page.nowDisplayName',
  pennyDetails: 'penny.amount.title',
  ops: 'page.ops',
  teamAccounts: 'page.teamAccounts',
  oauthAuthorize: 'page.oauth',
  welcome: 'page.welcome',
  assessment: 'page.assessment',
  plans: 'page.plans',
  terms: 'page.terms',
  aggregator: 'page.aggregator',
  merchantSwitch: 'page.merchantSwitch',
  password: 'page.password',
};

/** The not-found page's title (any other path, or a route whose screen is not built). */
export const NOT_FOUND_TITLE = 'page.notFound';

/** Whether a route shows for these facts, or where the user goes instead. */
export function routeDecision(route: AppRoute, facts: RouteFacts, here: string): { show: true } | { redirect: string } {
  if (!route.allow || route.allow(facts)) return { show: true };
  return { redirect: (route.redirect ?? toSignIn)(facts, here) };
}
