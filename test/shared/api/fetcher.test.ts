import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, navigation } from '../../../src/shared/api/fetcher';
import { activeSession, saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('apiFetch() on a 401', () => {
  it('clears the session and goes to sign-in with redirectTo set to where the user was', async () => {
    saveSession({ access_token: 'old', expires_in: 3600 });
    window.history.replaceState(null, '', '/app/onboarding/website?x=1');
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 401, body: { error: 'expired' } }));
    await expect(apiFetch('/api/v1/merchants')).rejects.toThrow();
    expect(activeSession()).toBeNull();
    expect(toSignIn).toHaveBeenCalledWith('/onboarding/website?x=1');
  });

  it('on /account/service_login goes to /app/account keeping the query (platform spec section 8)', async () => {
    saveSession({ access_token: 'old', expires_in: 3600 });
    window.history.replaceState(null, '', '/account/service_login?redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&campaign=x');
    const keeping = vi.spyOn(navigation, 'toSignInKeepingQuery').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 401, body: { error: 'expired' } }));
    await expect(apiFetch('/api/v1/merchants')).rejects.toThrow();
    expect(keeping).toHaveBeenCalledWith('?redirect_to=https%3A%2F%2Fdashboard.provider.in%2F&campaign=x');
  });
});
