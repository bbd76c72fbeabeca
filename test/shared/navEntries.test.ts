import { describe, expect, it } from 'vitest';
import type { Merchant } from '../../src/shared/api/types';
import { navItems, type NavFacts } from '../../src/shared/navEntries';
import { NAV_ENTRIES, variantData } from '../../src/shared/productVariantData';

const merchant = (fields: Record<string, unknown> = {}): Merchant => ({ uuid: 'u-1', mid: 1, merchant_type: 'merchant', settlement_status: null, pancard_number: 'ABCPE1234F', ...fields });
const facts = (over: Partial<NavFacts> = {}): NavFacts => ({ permissions: [], merchantCount: 1, merchant: merchant(), ...over });
const names = (menu: 'accountMenu' | 'integrationMenu' | 'settingsTabs', given: NavFacts, variant: 'business' | 'money' | 'now' = 'business') =>
  navItems(variantData(variant), variantData(variant)[menu], NAV_ENTRIES, given).map((item) => item.name);

describe('navItems()', () => {
  it('lists the account menu: Profile, Settings, Business Dashboard, Wallet, Set a new password, Help and Logout; Team Accounts only from 2 merchants', () => {
    expect(names('accountMenu', facts())).toEqual(['profile', 'settings', 'businessDashboard', 'wallet', 'changePassword', 'help', 'logout']);
    expect(names('accountMenu', facts({ merchantCount: 0 }))).not.toContain('teamAccounts');
    expect(names('accountMenu', facts({ merchantCount: 2 }))).toEqual(['profile', 'settings', 'businessDashboard', 'wallet', 'teamAccounts', 'changePassword', 'help', 'logout']);
  });

  it('links Profile and Team Accounts inside the app, the others to the variant\'s addresses, and Logout as an action', () => {
    const items = navItems(variantData('money'), variantData('money').accountMenu, NAV_ENTRIES, facts({ merchantCount: 3 }));
    const byName = Object.fromEntries(items.map((item) => [item.name, item]));
    expect(byName.profile).toMatchObject({ to: '/onboarding#' });
    expect(byName.teamAccounts).toMatchObject({ to: '/account/team-accounts' });
    expect(byName.businessDashboard).toMatchObject({ href: variantData('money').dashboard });
    expect(byName.settings).toMatchObject({ href: variantData('money').links.notificationSettings });
    expect(byName.help).toMatchObject({ href: variantData('money').help });
    expect(byName.logout).toMatchObject({ action: 'logout' });
  });

  it.each([
    ['an aggregator on Thirdparty Hold', { merchant_type: 'aggregator', settlement_status: 'Thirdparty Hold' }, true],
    ['an aggregator without a settlement status', { merchant_type: 'aggregator', settlement_status: null }, true],
    ['an aggregator whose settlement is Active', { merchant_type: 'aggregator', settlement_status: 'Active' }, false],
    ['a merchant on Thirdparty Hold', { merchant_type: 'merchant', settlement_status: 'Thirdparty Hold' }, false],
  ])('disables Business Dashboard for %s: %s', (_name, fields, disabled) => {
    const items = navItems(variantData('business'), variantData('business').accountMenu, NAV_ENTRIES, facts({ merchant: merchant(fields) }));
    expect(items.find((item) => item.name === 'businessDashboard')?.disabled).toBe(disabled);
  });

  it('shows Integration Details only with manage_credentials; the Developer Guide always', () => {
    expect(names('integrationMenu', facts())).toEqual(['developerGuide']);
    expect(names('integrationMenu', facts({ permissions: ['manage_credentials'] }))).toEqual(['integrationDetails', 'developerGuide']);
  });

  it.each([
    ['manage_notifications', 'notificationSettings'],
    ['manage_webhooks', 'webhookSettings'],
    ['manage_checkouts', 'checkoutSettings'],
    ['user_profile', 'gstSettings'],
    ['manage_team_accounts', 'manageStaff'],
  ])('shows a settings tab by its permission: %s gives %s', (permission, tab) => {
    expect(names('settingsTabs', facts({ permissions: [permission] }))).toEqual([tab]);
  });

  it('shows Gst Settings only for a merchant with a PAN number', () => {
    const all = ['manage_notifications', 'manage_webhooks', 'manage_checkouts', 'user_profile', 'manage_team_accounts'];
    expect(names('settingsTabs', facts({ permissions: all }))).toEqual(['notificationSettings', 'webhookSettings', 'checkoutSettings', 'gstSettings', 'manageStaff']);
    expect(names('settingsTabs', facts({ permissions: all, merchant: merchant({ pancard_number: null }) }))).not.toContain('gstSettings');
    expect(names('settingsTabs', facts({ permissions: all, merchant: undefined }))).not.toContain('gstSettings');
  });
});
