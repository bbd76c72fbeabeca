import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import variants from '../../schemas/master/product-variants.json';
import { AppHeader } from '../../src/app/AppHeader';
import { renderScreenAt } from '../features/renderScreen';
import { mockNavApi } from './navApi';

function renderHeader(api: Parameters<typeof mockNavApi>[0] = {}) {
  const calls = mockNavApi(api);
  const where = renderScreenAt('/welcome', '/welcome', <AppHeader merchantName="Shop 0" />);
  return { calls, where, user: userEvent.setup() };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>, name: 'Account menu' | 'Integration menu') {
  const button = screen.getByRole('button', { name });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await user.click(button);
  const menu = await screen.findByRole('menu', { name });
  // The menu's items come once the merchant, its permissions and the merchants list have answered.
  await within(menu).findAllByRole('menuitem');
  return menu;
}
const itemNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((item) => item.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('AppHeader', () => {
  it("names the host's product (the business gateway on any other host) and the merchant; the menus load on the first click", () => {
    renderHeader();
    expect(screen.getByText(variants.variants.business.name)).toBeInTheDocument();
    expect(screen.getByText('Shop 0')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the account menu: Profile, Settings, Business Dashboard, Wallet, Help, Logout, each a link where it goes somewhere', async () => {
    const { user } = renderHeader();
    const menu = await openMenu(user, 'Account menu');
    expect(screen.getByRole('button', { name: 'Account menu', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    expect(itemNames(menu)).toEqual(['Profile', 'Settings', 'Business Dashboard', 'Wallet', 'Set a new password', 'Help', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/onboarding');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', variants.variants.business.links.notificationSettings);
    expect(within(menu).getByRole('menuitem', { name: 'Business Dashboard' })).toHaveAttribute('href', variants.variants.business.dashboard);
    expect(within(menu).getByRole('menuitem', { name: 'Wallet' })).toHaveAttribute('href', variants.variants.business.links.wallet);
    expect(within(menu).getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', variants.variants.business.help);
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).not.toHaveAttribute('href');
  });

  it('shows Team Accounts to a user of 2 merchants or more, going to /account/team-accounts', async () => {
    const { user, where } = renderHeader({ merchants: 2 });
    const menu = await openMenu(user, 'Account menu');
    expect(itemNames(menu)).toContain('Team Accounts');
    await user.click(within(menu).getByRole('menuitem', { name: 'Team Accounts' }));
    expect(where()).toBe('/account/team-accounts');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('disables Business Dashboard for an aggregator whose settlement is not Active', async () => {
    const { user } = renderHeader({ merchant: { merchant_type: 'aggregator', settlement_status: 'Thirdparty Hold' } });
    const menu = await openMenu(user, 'Account menu');
    const item = within(menu).getByRole('menuitem', { name: 'Business Dashboard' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).not.toHaveAttribute('href');
  });

  it('shows Integration Details only with manage_credentials', async () => {
    const { user } = renderHeader({ permissions: ['manage_credentials'] });
    const menu = await openMenu(user, 'Integration menu');
    expect(itemNames(menu)).toEqual(['Integration Details', 'Developer Guide']);
    expect(within(menu).getByRole('menuitem', { name: 'Integration Details' })).toHaveAttribute('href', variants.variants.business.links.integrationDetails);
  });

  it('leaves Integration Details out without manage_credentials', async () => {
    const { user } = renderHeader({ permissions: ['manage_webhooks'] });
    const menu = await openMenu(user, 'Integration menu');
    expect(itemNames(menu)).toEqual(['Developer Guide']);
  });

  it('is operable by keyboard: Enter opens the menu on its first item, the arrows move, Escape closes it back on the button', async () => {
    const { user } = renderHeader();
    const button = screen.getByRole('button', { name: 'Account menu' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Account menu' });
    await within(menu).findAllByRole('menuitem');
    await vi.waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
