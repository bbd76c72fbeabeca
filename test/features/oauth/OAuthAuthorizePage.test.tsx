import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/shared/router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OAuthAuthorizePage from '../../../src/features/oauth/OAuthAuthorizePage';
import { partnerNavigation } from '../../../src/features/oauth/oauthCalls';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const REDIRECT_URI = 'https://partner.example.com/cb';
const PARTNER = {
  client_id: 'books-partner',
  name: 'Books Partner',
  logo: 'data:image/png;base64,iVBORw0KGgo=',
  color_code: '#0a7c59',
  skip_onboarding_for_oauth: false,
  permissions: [{ name: 'manage_credentials', title: 'Manage credentials' }],
};
const query = (redirectUri = REDIRECT_URI) => `?${new URLSearchParams({ client_id: PARTNER.client_id, redirect_uri: redirectUri, state: 's-1' })}`;

type Answer = { status?: number; body?: unknown } | undefined;
function openAt(search: string, answers: { partner?: Answer; authorize?: Answer } = {}) {
  saveSession({ access_token: 'tok', expires_in: 3600, merchant_uuid: 'm1' });
  const calls = mockFetch(({ method, url }) => {
    if (url.startsWith('/api/v1/oauth/authorize?')) return answers.partner ?? { body: { partner: PARTNER } };
    if (method === 'POST' && url === '/api/v1/oauth/authorize') return answers.authorize;
    if (url === '/api/v1/merchants/m1') return { body: { merchant: { uuid: 'm1', mid: 4242 } } };
    return undefined;
  });
  const toPartner = vi.spyOn(partnerNavigation, 'toPartner').mockImplementation(() => undefined);
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[`/oauth/authorize${search}`]}>
        <OAuthAuthorizePage />
      </MemoryRouter>
    </SWRConfig>,
  );
  return { calls, toPartner, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OAuthAuthorizePage', () => {
  it("shows the partner's logo, name and permissions, and the merchant asked for", async () => {
    const { calls } = openAt(query());
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect Books Partner' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Books Partner logo' })).toHaveAttribute('src', PARTNER.logo);
    expect(screen.getByText('Books Partner asks to access your merchant account 4242.')).toBeInTheDocument();
    expect(screen.getByText('Manage credentials')).toBeInTheDocument();
    expect(calls[0]!.url).toBe(`/api/v1/oauth/authorize?client_id=books-partner&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
  });

  it('on Allow sends the consent with the state and mid, then goes to the redirect the server built', async () => {
    const redirectTo = `${REDIRECT_URI}?code=abc&state=s-1`;
    const { calls, toPartner, user } = openAt(query(), { authorize: { body: { code: 'abc', state: 's-1', redirect_to: redirectTo } } });
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    await vi.waitFor(() => expect(toPartner).toHaveBeenCalledWith(redirectTo));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ client_id: 'books-partner', redirect_uri: REDIRECT_URI, state: 's-1', consent: true, mid: '4242' });
  });

  it('on Deny sends consent false and follows the access_denied redirect', async () => {
    const redirectTo = `${REDIRECT_URI}?error=access_denied&state=s-1`;
    const { calls, toPartner, user } = openAt(query(), { authorize: { body: { state: 's-1', redirect_to: redirectTo } } });
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    await vi.waitFor(() => expect(toPartner).toHaveBeenCalledWith(redirectTo));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ consent: false });
  });

  it('shows an error and never redirects when the server refuses the redirect_uri', async () => {
    const { toPartner } = openAt(query('https://partner.example.com/cb/../evil'), { partner: { status: 422, body: { error: 'invalid_request', code: 'redirect_uri_mismatch' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'This request cannot be completed' })).toBeInTheDocument();
    expect(screen.getByText('The return address of this request is not the one registered for this partner.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow' })).not.toBeInTheDocument();
    expect(toPartner).not.toHaveBeenCalled();
  });

  it('says the partner is not known for an unknown client_id', async () => {
    openAt(query(), { partner: { status: 404, body: { error: 'invalid_client', code: 'unknown_client' } } });
    expect(await screen.findByText('This partner is not known.')).toBeInTheDocument();
  });

  it('makes no call and shows an error without client_id, redirect_uri or state', async () => {
    const { calls } = openAt(`?client_id=books-partner&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(await screen.findByText('The request must name client_id, redirect_uri and state.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('does not follow a redirect that is not on the requested redirect_uri', async () => {
    const { toPartner, user } = openAt(query(), { authorize: { body: { code: 'abc', state: 's-1', redirect_to: 'https://evil.example.com/?code=abc' } } });
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(toPartner).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Allow' })).toBeEnabled();
  });
});
