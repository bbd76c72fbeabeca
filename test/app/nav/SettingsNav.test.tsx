import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import variants from '../../../schemas/master/product-variants.json';
import { SettingsNav } from '../../../src/app/nav/SettingsNav';
import { renderScreenAt } from '../../features/renderScreen';
import { mockNavApi } from '../navApi';

const ALL = ['manage_notifications', 'manage_webhooks', 'manage_checkouts', 'user_profile', 'manage_team_accounts'];

function renderAt(path: string, api: Parameters<typeof mockNavApi>[0] = {}) {
  mockNavApi(api);
  renderScreenAt(path, '/settings/team_accounts/*', <SettingsNav />);
}
const tabNames = async () => within(await screen.findByRole('navigation', { name: 'Settings' })).getAllByRole('link').map((link) => link.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('SettingsNav', () => {
  it('shows every settings tab to a user with all five permissions, Manage Staff as the current page, the others on the merchant dashboard', async () => {
    renderAt('/settings/team_accounts', { permissions: ALL });
    expect(await tabNames()).toEqual(['Notification Settings', 'Webhook Settings', 'Checkout', 'Gst Settings', 'Manage Staff']);
    const tabs = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(tabs).getByRole('link', { name: 'Manage Staff' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Manage Staff' })).toHaveAttribute('href', '/settings/team_accounts');
    expect(within(tabs).getByRole('link', { name: 'Webhook Settings' })).toHaveAttribute('href', variants.variants.business.links.webhookSettings);
  });

  it.each([
    ['manage_notifications', 'Notification Settings'],
    ['manage_webhooks', 'Webhook Settings'],
    ['manage_checkouts', 'Checkout'],
    ['user_profile', 'Gst Settings'],
    ['manage_team_accounts', 'Manage Staff'],
  ])('shows a tab by its permission: %s gives %s', async (permission, tab) => {
    renderAt('/settings/team_accounts', { permissions: [permission] });
    expect(await tabNames()).toEqual([tab]);
  });

  it('leaves Gst Settings out for a merchant without a PAN number', async () => {
    renderAt('/settings/team_accounts', { permissions: ALL, merchant: { pancard_number: null } });
    expect(await tabNames()).toEqual(['Notification Settings', 'Webhook Settings', 'Checkout', 'Manage Staff']);
  });

  it('shows no breadcrumb on Manage Staff itself', async () => {
    renderAt('/settings/team_accounts', { permissions: ALL });
    await tabNames();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it.each([
    ['/settings/team_accounts/roles', 'Manage Roles'],
    ['/settings/team_accounts/staff/add', 'Manage Employees'],
  ])('shows Home and the view name on %s: %s', async (path, view) => {
    renderAt(path, { permissions: ALL });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', variants.variants.business.dashboard);
    expect(within(breadcrumb).getByText(view)).toHaveAttribute('aria-current', 'page');
    await tabNames();
  });
});
