import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, chosenLanguage } from '../../../src/shared/ui/language';
import { clearSession, saveSession } from '../../../src/shared/session/session';

describe('chooseLanguage', () => {
  const reload = vi.fn();
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    localStorage.clear();
    reload.mockReset();
  });

  function stubPage() {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('location', { ...window.location, reload });
    return fetch;
  }

  it('keeps the choice, tells the server for a signed-in user (the language of their e-mails and SMS), and reloads', async () => {
    const fetch = stubPage();
    saveSession({ access_token: 'token-1', expires_in: 3600 });
    await chooseLanguage('hi');
    expect(chosenLanguage()).toBe('hi');
    expect(fetch).toHaveBeenCalledWith('/api/v1/user/language', expect.objectContaining({ method: 'PUT', keepalive: true, body: JSON.stringify({ language: 'hi' }) }));
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('asks nothing of the server before sign-in', async () => {
    const fetch = stubPage();
    await chooseLanguage('en');
    expect(chosenLanguage()).toBe('en');
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });
});
