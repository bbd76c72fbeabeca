import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import HandoffScreen from '../../../src/features/handoff/HandoffScreen';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const config = { sandbox: true, redirect_hosts: ['dashboard.provider.in'], logout_redirect_hosts: ['dashboard.provider.in'] };

function openAt(url: string) {
  window.history.replaceState(null, '', url);
  render(<HandoffScreen />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('/account/service_login', () => {
  it('says Redirection path not provided. without redirect_to', async () => {
    mockFetch(({ url }) => (url === '/api/v1/app_config' ? { body: config } : undefined));
    openAt('/account/service_login?campaign=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Redirection path not provided.' })).toBeInTheDocument();
  });

  it('says Not allowed / Redirection path not allowed. for a host outside the list, before any merchant call', async () => {
    const calls = mockFetch(({ url }) => (url === '/api/v1/app_config' ? { body: config } : undefined));
    saveSession({ access_token: 'tok', expires_in: 3600 });
    openAt(`/account/service_login?redirect_to=${encodeURIComponent('https://dashboard.provider.in@evil.com/')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText('Redirection path not allowed.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/app_config']);
  });

  it('says 400 Something went wrong. when the merchants call fails', async () => {
    mockFetch(({ url }) => (url === '/api/v1/app_config' ? { body: config } : url === '/api/v1/merchants' ? { status: 503, body: {} } : undefined));
    saveSession({ access_token: 'tok', expires_in: 3600 });
    openAt(`/account/service_login?redirect_to=${encodeURIComponent('https://dashboard.provider.in/')}`);
    expect(await screen.findByRole('heading', { level: 1, name: '400 Something went wrong.' })).toBeInTheDocument();
  });
});

describe('/account/service_logout', () => {
  it('says 400 Something went wrong. when the logout call fails', async () => {
    mockFetch(({ url }) => (url === '/api/v1/app_config' ? { body: config } : url === '/api/v1/user/logout' ? { status: 500, body: {} } : undefined));
    saveSession({ access_token: 'tok', expires_in: 3600 });
    openAt('/account/service_logout');
    expect(await screen.findByRole('heading', { level: 1, name: '400 Something went wrong.' })).toBeInTheDocument();
  });
});
