import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiRequestError, errorText, navigation, requestIdOf } from '../../src/shared/api/fetcher';
import { captureEntryParams } from '../../src/shared/session/entryParams';
import { activeSession, appSource, saveSession } from '../../src/shared/session/session';
import { mockFetch } from '../fetchMock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('captureEntryParams()', () => {
  it('starts a fresh 86399 s session from a token and merchant uuid in the address, and drops them from it', () => {
    saveSession({ access_token: 'old', expires_in: 60 });
    localStorage.setItem('draft:x', '{}');
    const now = 1_700_000_000_000;
    const cleaned = captureEntryParams(new URL('https://host/app/onboarding?token=T1&merchant_uuid=M1&source=AndroidApp&utm_source=sms'), now);
    expect(cleaned).toBe('/app/onboarding?source=AndroidApp&utm_source=sms');
    expect(activeSession(now)).toEqual({ access_token: 'T1', expires_in: 86399, merchant_uuid: 'M1', tokenLifeTime: now + 86399_000 });
    expect(localStorage.getItem('draft:x')).toBeNull();
    expect(appSource()).toBe('AndroidApp');
    expect(JSON.parse(sessionStorage.getItem('leadParams') ?? '{}')).toEqual({ utm_source: 'sms' });
  });

  it('keeps the session when only one of token and uuid is given; the source defaults to NA', () => {
    saveSession({ access_token: 'kept', expires_in: 60 });
    captureEntryParams(new URL('https://host/app/onboarding?token=T1'));
    expect(activeSession()?.access_token).toBe('kept');
    expect(appSource()).toBe('NA');
  });

  it('keeps a campaign context only when shorter than 255 characters; the reseller id in local storage', () => {
    captureEntryParams(new URL(`https://host/app/?campaign_context=${'x'.repeat(255)}&reseller_id=R9`));
    expect(JSON.parse(sessionStorage.getItem('leadParams') ?? '{}').campaign_context).toBeUndefined();
    expect(localStorage.getItem('reseller_id')).toBe('R9');
  });
});

describe('activeSession()', () => {
  it('is null once the token lifetime has passed', () => {
    saveSession({ access_token: 'a', expires_in: 10 }, 0);
    expect(activeSession(9_999)?.access_token).toBe('a');
    expect(activeSession(10_000)).toBeNull();
  });
});

describe('apiFetch()', () => {
  it('sends the bearer token and the app source', async () => {
    saveSession({ access_token: 'tok', expires_in: 60 });
    const calls = mockFetch(() => ({ body: { ok: true } }));
    await apiFetch('/api/v1/merchants');
    expect(calls[0]?.headers).toMatchObject({ authorization: 'Bearer tok', source: 'NA' });
  });

  it('clears local data and goes to sign-in with redirectTo on a 401', async () => {
    saveSession({ access_token: 'tok', expires_in: 60 });
    window.history.pushState(null, '', '/app/onboarding/documents?x=1');
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 401, body: { error: 'Your session has ended. Please sign in again.' } }));
    await expect(apiFetch('/api/v1/merchants')).rejects.toBeInstanceOf(ApiRequestError);
    expect(activeSession()).toBeNull();
    expect(toSignIn).toHaveBeenCalledWith('/onboarding/documents?x=1');
  });

  it('does not sign out on a 401 of a sign-in call', async () => {
    saveSession({ access_token: 'tok', expires_in: 60 });
    const toSignIn = vi.spyOn(navigation, 'toSignIn').mockImplementation(() => undefined);
    mockFetch(() => ({ status: 401, body: { messages: { user: ['The e-mail, mobile number or password is incorrect. Attempts left: 4.'] } } }));
    await expect(apiFetch('/api/v1/user/login', { method: 'POST', body: {}, signIn: true })).rejects.toThrow('The e-mail, mobile number or password is incorrect. Attempts left: 4.');
    expect(toSignIn).not.toHaveBeenCalled();
    expect(activeSession()).not.toBeNull();
  });
  it('keeps the request id of a server failure to show as its reference, and none for a refusal the merchant can fix', async () => {
    saveSession({ access_token: 'tok', expires_in: 60 });
    mockFetch(({ url }) => ({ status: url.endsWith('/crash') ? 500 : 422, body: {}, headers: { 'x-request-id': '0a1b2c3d4e5f' } }));
    const crash = await apiFetch('/api/v1/crash').catch((error: unknown) => error);
    const refusal = await apiFetch('/api/v1/refusal').catch((error: unknown) => error);
    expect(requestIdOf(crash)).toBe('0a1b2c3d4e5f');
    expect(requestIdOf(refusal)).toBeUndefined();
  });
});

describe('errorText()', () => {
  it.each([
    [{ messages: { user: ['a', 'b'] } }, 200, 'a, b'],
    [{ errors: { pancard_number: ['PAN Number is invalid'] } }, 422, 'PAN Number is invalid'],
    [{ error: 'plain' }, 400, 'plain'],
    [{}, 400, 'Some error occurred. Please try again later'],
    [{ error: 'boom' }, 500, 'Some error occured. Please try again later.'],
  ])('reads %j (status %i) as %s', (body, status, text) => {
    expect(errorText(body, status)).toBe(text);
  });
});
