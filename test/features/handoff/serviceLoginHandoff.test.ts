import { describe, expect, it } from 'vitest';
import { logoutDestination, redirectTarget, signedInStep, signInHref, type SignedInUser } from '../../../src/features/handoff/serviceLoginHandoff';
import { hostRulesFrom } from '../../../common/redirect/allowedRedirect';

const RULES = hostRulesFrom(['dashboard.provider.in', '*.money.provider.in']);
const LOGOUT_RULES = hostRulesFrom(['dashboard.provider.in', 'help.provider.in', 'onboarding.provider.in']);
const query = (search: string) => new URLSearchParams(search);
const TARGET = new URL('https://dashboard.provider.in/merchant-dashboard/#/transactions');
const USER: SignedInUser = { token: 'tok-123', merchant: { mid: 42, product: 'PayUmoney' }, mids: [7, 42], profileCompleted: true };

describe('redirectTarget()', () => {
  it('refuses a page without redirect_to (Redirection path not provided.)', () => {
    expect(redirectTarget(query('foo=1'), RULES)).toEqual({ kind: 'refused', reason: 'notProvided' });
    expect(redirectTarget(query('redirect_to='), RULES)).toEqual({ kind: 'refused', reason: 'notProvided' });
  });

  it('refuses a host outside the allow-list (Not allowed)', () => {
    expect(redirectTarget(query('redirect_to=https%3A%2F%2Fevil.com%2F'), RULES)).toEqual({ kind: 'refused', reason: 'notAllowed' });
    expect(redirectTarget(query('redirect_to=%2F%2Fevil.com'), RULES)).toEqual({ kind: 'refused', reason: 'notAllowed' });
  });

  it('gives the allowed target as a URL', () => {
    expect(redirectTarget(query(`redirect_to=${encodeURIComponent('https://x.money.provider.in/home')}`), RULES)).toEqual(new URL('https://x.money.provider.in/home'));
  });
});

describe('signInHref()', () => {
  it('sends the user to /app/account/signin keeping redirect_to and the other parameters', () => {
    expect(signInHref(query('redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&lang=hi'))).toBe('/app/account/signin?redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&lang=hi');
  });
});

describe('signedInStep()', () => {
  const search = query(`redirect_to=${encodeURIComponent(TARGET.href)}&campaign=spring&merchantId=999`);

  it('logs out a user whose merchant is not among the merchants call', () => {
    expect(signedInStep(TARGET, search, { ...USER, mids: [7] })).toEqual({ kind: 'logout', href: signInHref(search) });
    expect(signedInStep(TARGET, search, { ...USER, merchant: undefined })).toEqual({ kind: 'logout', href: signInHref(search) });
  });

  it('posts authToken and merchantId to the business product dashboard', () => {
    expect(signedInStep(TARGET, search, { ...USER, merchant: { mid: 42, product: 'PayUbiz' } })).toEqual({
      kind: 'post',
      action: TARGET.href,
      fields: { authToken: 'tok-123', merchantId: '42' },
    });
  });

  it('sends other products to redirect_to with the other parameters, profileCompleted, authToken and merchantId', () => {
    const step = signedInStep(new URL('https://dashboard.provider.in/home?tab=1'), search, USER);
    expect(step.kind).toBe('redirect');
    const url = new URL(step.kind === 'redirect' ? step.href : '');
    expect(url.origin + url.pathname).toBe('https://dashboard.provider.in/home');
    expect([...url.searchParams]).toEqual([
      ['tab', '1'],
      ['campaign', 'spring'],
      ['merchantId', '42'],
      ['profileCompleted', 'true'],
      ['authToken', 'tok-123'],
    ]);
  });

  it('says profileCompleted=false when the rules say the profile is not complete', () => {
    const step = signedInStep(TARGET, search, { ...USER, profileCompleted: false });
    expect(step.kind === 'redirect' && new URL(step.href).searchParams.get('profileCompleted')).toBe('false');
  });
});

describe('logoutDestination()', () => {
  it('goes to an allowed logout address, including the help and onboarding hosts', () => {
    expect(logoutDestination(query('redirect_to=https%3A%2F%2Fhelp.provider.in%2Farticles'), LOGOUT_RULES)).toBe('https://help.provider.in/articles');
    expect(logoutDestination(query('redirect_to=https%3A%2F%2Fonboarding.provider.in%2F'), LOGOUT_RULES)).toBe('https://onboarding.provider.in/');
  });

  const TARGETS = { one_dashboard: 'https://dashboard.provider.in/one/logout', money: 'https://dashboard.provider.in/money/logout', now: 'https://evil.com/logout' };

  it('goes to the target of the dashboard preference, else of the product, when the page gives no address', () => {
    expect(logoutDestination(query(''), LOGOUT_RULES, TARGETS, { dashboard_preference: 'one_dashboard', product: 'PayUmoney' })).toBe(TARGETS.one_dashboard);
    expect(logoutDestination(query(''), LOGOUT_RULES, TARGETS, { dashboard_preference: 'classic', product: 'PayUmoney' })).toBe(TARGETS.money);
    expect(logoutDestination(query(''), LOGOUT_RULES, { money: TARGETS.money }, { dashboard_preference: 'one_dashboard', product: 'PayUmoney' })).toBe(TARGETS.money);
    expect(logoutDestination(query('redirect_to=https%3A%2F%2Fhelp.provider.in%2F'), LOGOUT_RULES, TARGETS, { product: 'PayUmoney' })).toBe('https://help.provider.in/');
  });

  it('never goes to a product target outside the list, nor without a known product', () => {
    expect(logoutDestination(query(''), LOGOUT_RULES, TARGETS, { product: 'PayUnow' })).toBe('/app');
    expect(logoutDestination(query(''), LOGOUT_RULES, TARGETS, { product: 'PayUbiz' })).toBe('/app');
    expect(logoutDestination(query(''), LOGOUT_RULES, TARGETS)).toBe('/app');
  });

  it('goes to /app without an address or with one outside the list', () => {
    expect(logoutDestination(query(''), LOGOUT_RULES)).toBe('/app');
    expect(logoutDestination(query('redirect_to=https%3A%2F%2Fhelp.provider.in.evil.com%2F'), LOGOUT_RULES)).toBe('/app');
    expect(logoutDestination(query('redirect_to=javascript%3Aalert(1)'), LOGOUT_RULES)).toBe('/app');
  });
});
