import { render } from '@testing-library/react';
import { MemoryRouter } from '../../src/shared/router';
import { describe, expect, it } from 'vitest';
import en from '../../schemas/messages/en.json';
import hi from '../../schemas/messages/hi.json';
import { App } from '../../src/app/App';
import { RouteGate } from '../../src/app/RouteGate';
import { NOT_FOUND_TITLE, SCREEN_TITLES, type ScreenName } from '../../src/app/routeTable';

const inRouter = (element: React.ReactElement, path = '/') => render(<MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>);

describe('the page title', () => {
  it('of every screen is a text of the main catalogues, in English and Hindi (set before the screen and its own texts load)', () => {
    for (const key of [...Object.values(SCREEN_TITLES), NOT_FOUND_TITLE]) {
      expect(en, key).toHaveProperty([key]);
      expect(hi, key).toHaveProperty([key]);
    }
  });

  it.each([
    ['signIn', 'Sign in'],
    ['onboarding', 'Activate Your Account'],
    ['welcome', 'Welcome'],
    ['plans', 'Plans'],
    ['assessment', 'Needs assessment'],
    ['teamAccounts', 'Manage Staff'],
    ['ops', 'Operations console'],
    ['nowBank', 'Provide bank details to setup your payment gateway'],
  ] as Array<[ScreenName, string]>)('is set by the gate on load of the %s screen: %s and the product', (screen, title) => {
    document.title = '';
    inRouter(<RouteGate route={{ path: '/x', screen }}>screen</RouteGate>);
    expect(document.title).toBe(`${title} | PayU Business`);
  });

  it('names the not-found page, and sign-in, through the app', async () => {
    inRouter(<App />, '/no/such/page');
    await expect.poll(() => document.title).toBe('Page not found | PayU Business');
    document.title = '';
    inRouter(<App />, '/account');
    await expect.poll(() => document.title).toBe('Sign in | PayU Business');
  });
});
