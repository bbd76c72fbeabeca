import { describe, expect, it } from 'vitest';
import { APP_ROUTES, routeDecision, type RouteFacts } from '../../src/app/routeTable';
import type { Merchant } from '../../src/shared/api/types';
import { productVariant } from '../../src/shared/products';

const merchant = (fields: Record<string, unknown>): Merchant => ({ uuid: 'm1', mid: 42, product: 'PayUbiz', ...fields });
const NO_SESSION: RouteFacts = { signedIn: false, termsEligible: false, leadParams: { utm_source: 'mail', campaign_name: 'diwali' } };
const SESSION: RouteFacts = { signedIn: true, merchant: merchant({}), product: 'business', termsEligible: false, leadParams: { utm_source: 'mail', campaign_name: 'diwali' } };
const route = (path: string) => {
  const found = APP_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

const SUMMARY = (uuid: string) => ({ uuid, mid: 42, name: 'Nimbus', pancard_number: null });

type Case = [path: string, here: string, facts: RouteFacts, lands: string | 'shown'];

// Every route of the spec's table: no session, a session the rule accepts, and a session the rule refuses.
const CASES: Case[] = [
  ['/account', '/account', NO_SESSION, 'shown'],
  ['/account', '/account', SESSION, 'shown'],
  ['/account/signin', '/account/signin', NO_SESSION, 'shown'],
  // The unlock link of a sign-in lock: the user cannot sign in, so no session is asked.
  ['/account/unlock', '/account/unlock?identity=a%40example.com&code=ABCD', NO_SESSION, 'shown'],
  ['/oauth/authorize', '/oauth/authorize?client_id=p1&state=s', NO_SESSION, '/account?redirectTo=%2Foauth%2Fauthorize%3Fclient_id%3Dp1%26state%3Ds'],
  ['/oauth/authorize', '/oauth/authorize?client_id=p1', SESSION, 'shown'],
  ['/bank-details', '/bank-details', NO_SESSION, '/account?redirectTo=%2Fbank-details'],
  ['/bank-details', '/bank-details', { ...SESSION, merchant: merchant({ product: 'PayUnow' }), product: 'now' }, 'shown'],
  ['/bank-details', '/bank-details', SESSION, '/onboarding'],
  ['/bank-details', '/bank-details', { ...SESSION, merchant: undefined }, '/onboarding'],
  ['/display-name', '/display-name?from=%2Fbank-details', NO_SESSION, '/account?redirectTo=%2Fdisplay-name%3Ffrom%3D%252Fbank-details'],
  ['/display-name', '/display-name', { ...SESSION, merchant: merchant({ product: 'PayUnow' }), product: 'now' }, 'shown'],
  ['/display-name', '/display-name', SESSION, '/onboarding'],
  ['/penny-details', '/penny-details', NO_SESSION, '/account?redirectTo=%2Fpenny-details'],
  ['/penny-details', '/penny-details', SESSION, 'shown'],
  ['/terms-conditions', '/terms-conditions', { ...SESSION, termsEligible: true }, 'shown'],
  ['/terms-conditions', '/terms-conditions', NO_SESSION, '/account?redirectTo=%2Fterms-conditions'],
  ['/terms-conditions', '/terms-conditions', { ...SESSION, termsEligible: true }, 'shown'],
  // The terms check fails (own product, or a partner's merchant): nothing to accept, so the activation steps.
  ['/terms-conditions', '/terms-conditions', SESSION, '/onboarding'],
  ['/onboarding/*', '/onboarding/website', NO_SESSION, '/account?utm_source=mail&campaign_name=diwali&redirectTo=%2Fonboarding%2Fwebsite'],
  ['/onboarding/*', '/onboarding', SESSION, 'shown'],
  // Opened on another product's host: its terms first.
  ['/onboarding/*', '/onboarding/documents', { ...SESSION, termsEligible: true }, '/terms-conditions'],
  ['/settings/team_accounts/*', '/settings/team_accounts', NO_SESSION, '/account?utm_source=mail&campaign_name=diwali&redirectTo=%2Fsettings%2Fteam_accounts'],
  ['/settings/team_accounts/*', '/settings/team_accounts/roles', { ...SESSION, merchant: merchant({ product: 'PayUmoney' }), product: 'money' }, 'shown'],
  ['/settings/team_accounts/*', '/settings/team_accounts', SESSION, '/account?utm_source=mail&campaign_name=diwali&redirectTo=%2Fsettings%2Fteam_accounts'],
  ['/settings/team_accounts/*', '/settings/team_accounts', { ...SESSION, merchant: merchant({ product: 'PayUmoney' }), product: 'money', termsEligible: true }, '/terms-conditions'],
  ['/welcome', '/welcome', NO_SESSION, '/account?redirectTo=%2Fwelcome'],
  ['/welcome', '/welcome', SESSION, 'shown'],
  ['/plans', '/plans', NO_SESSION, '/account?redirectTo=%2Fplans'],
  ['/plans', '/plans', { ...SESSION, merchant: merchant({ is_cs_eligible: true, cs_plan: { name: 1, status: 'initiated' } }) }, 'shown'],
  ['/plans', '/plans', { ...SESSION, merchant: merchant({ is_cs_eligible: true, cs_plan: null }) }, 'shown'],
  ['/plans', '/plans', { ...SESSION, merchant: merchant({ is_cs_eligible: false }) }, '/welcome'],
  ['/plans', '/plans', { ...SESSION, merchant: merchant({ is_cs_eligible: true, cs_plan: { status: 'payment_completed' } }) }, '/welcome'],
  ['/plans', '/plans', { ...SESSION, merchant: merchant({ is_cs_eligible: true, cs_plan: { status: 'kam_assigned' } }) }, '/welcome'],
  ['/assessment', '/assessment', NO_SESSION, '/account?redirectTo=%2Fassessment'],
  ['/assessment', '/assessment', { ...SESSION, merchant: merchant({ new_merchant: true }) }, 'shown'],
  ['/assessment', '/assessment', { ...SESSION, merchant: merchant({ new_merchant: false }) }, '/welcome'],
  ['/ops/*', '/ops/reviews', NO_SESSION, '/account?redirectTo=%2Fops%2Freviews'],
  ['/ops/*', '/ops', SESSION, 'shown'],
  // The aggregator page: any signed-in user; the screen says when the merchant is not an aggregator.
  ['/aggregator', '/aggregator?childUUID=c1', NO_SESSION, '/account?redirectTo=%2Faggregator%3FchildUUID%3Dc1'],
  ['/aggregator', '/aggregator?childUUID=c1', SESSION, 'shown'],
  ['/account/password', '/account/password', NO_SESSION, '/account?redirectTo=%2Faccount%2Fpassword'],
  ['/account/password', '/account/password', SESSION, 'shown'],
  // The merchant switcher: only for a user of two merchants or more.
  ['/account/team-accounts', '/account/team-accounts', NO_SESSION, '/account?redirectTo=%2Faccount%2Fteam-accounts'],
  ['/account/team-accounts', '/account/team-accounts', { ...SESSION, merchants: [SUMMARY('m1'), SUMMARY('m2')] }, 'shown'],
  ['/account/team-accounts', '/account/team-accounts', { ...SESSION, merchants: [SUMMARY('m1')] }, '/onboarding'],
  ['/account/team-accounts', '/account/team-accounts', { ...SESSION, merchants: undefined }, '/onboarding'],
];

describe('the /app route table', () => {
  it.each(CASES)('%s at %s (%j) lands at %s', (path, here, facts, lands) => {
    const decision = routeDecision(route(path), facts, here);
    expect(decision).toEqual(lands === 'shown' ? { show: true } : { redirect: lands });
  });

  it('covers every route of the spec table, each with a case that shows it and, when it has a rule, one without a session', () => {
    for (const entry of APP_ROUTES) {
      expect(CASES.some(([path, , , lands]) => path === entry.path && lands === 'shown'), entry.path).toBe(true);
      if (entry.allow) expect(CASES.some(([path, , facts, lands]) => path === entry.path && !facts.signedIn && lands !== 'shown'), entry.path).toBe(true);
    }
    const spec = ['/account', '/oauth/authorize', '/bank-details', '/penny-details', '/terms-conditions', '/onboarding/*', '/settings/team_accounts/*', '/welcome', '/plans', '/assessment'];
    for (const path of spec) expect(APP_ROUTES.map((entry) => entry.path), path).toContain(path);
  });

  it('reads the merchant record only for the rules that need it', () => {
    expect(APP_ROUTES.filter((entry) => entry.readsMerchant).map((entry) => entry.path)).toEqual(['/bank-details', '/display-name', '/terms-conditions', '/onboarding/*', '/settings/team_accounts/*', '/plans', '/assessment', '/account/team-accounts']);
  });
});

describe('productVariant()', () => {
  it.each([
    ['PayUbiz', 'business'],
    ['PayUmoney', 'money'],
    ['PayUnow', 'now'],
    ['payunow', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (value, variant) => {
    expect(productVariant(value)).toBe(variant);
  });
});
