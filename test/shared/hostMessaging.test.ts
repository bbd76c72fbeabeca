import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddingOrigin, loadEmbedOrigins, resetHostMessaging, sendToHost } from '../../src/shared/host/hostMessaging';
import { setAppSource } from '../../src/shared/session/session';

const ALLOWED = 'https://app.provider.example';

/** A window inside a frame of `ancestor` (the browser's ancestorOrigins), with a parent that records what it is sent. */
function framedView(ancestor: string, extra: Record<string, unknown> = {}) {
  const parentPostMessage = vi.fn();
  const parent = { postMessage: parentPostMessage };
  const view = {
    parent,
    location: { ancestorOrigins: [ancestor] },
    document: { referrer: '' },
    ...extra,
  } as unknown as Window;
  return { view, parentPostMessage };
}

afterEach(() => resetHostMessaging());

describe('host messaging', () => {
  it('reads the allowed embedding origins from the server once, and none when it cannot', async () => {
    const fetchConfig = vi.fn(async () => ({ embed_origins: [ALLOWED, 42] }));
    expect(await loadEmbedOrigins(fetchConfig)).toEqual([ALLOWED]);
    expect(await loadEmbedOrigins(fetchConfig)).toEqual([ALLOWED]);
    expect(fetchConfig).toHaveBeenCalledTimes(1);
    resetHostMessaging();
    expect(await loadEmbedOrigins(async () => Promise.reject(new Error('offline')))).toEqual([]);
  });

  it('tells the Android app through its interface, as JSON', () => {
    const postMessage = vi.fn();
    setAppSource('AndroidApp');
    expect(sendToHost({ event: 'Logout' }, { Android: { postMessage } } as unknown as Window)).toBe('android');
    expect(postMessage).toHaveBeenCalledWith('{"event":"Logout"}');
  });

  it('tells the iOS app through its message handler', () => {
    const postMessage = vi.fn();
    setAppSource('iOSApp');
    const view = { webkit: { messageHandlers: { onboarding: { postMessage } } } } as unknown as Window;
    expect(sendToHost({ event: 'OnboardingCompleted' }, view)).toBe('ios');
    expect(postMessage).toHaveBeenCalledWith({ event: 'OnboardingCompleted' });
  });

  it('posts to an embedding page of an allowed origin only, to that exact origin, never to "*"', () => {
    setAppSource('Web');
    resetHostMessaging([ALLOWED]);
    const allowed = framedView(ALLOWED);
    expect(sendToHost({ event: 'BackPressed' }, allowed.view)).toBe('frame');
    expect(allowed.parentPostMessage).toHaveBeenCalledWith({ event: 'BackPressed' }, ALLOWED);

    for (const origin of ['https://evil.example', 'https://app.provider.example.evil.com', 'http://app.provider.example', 'null']) {
      const other = framedView(origin);
      expect(sendToHost({ event: 'BackPressed' }, other.view), origin).toBeNull();
      expect(other.parentPostMessage).not.toHaveBeenCalled();
    }
    expect(embeddingOrigin([ALLOWED], framedView(`${ALLOWED}/`).view)).toBeNull();
  });

  it('stays quiet in a plain browser tab', () => {
    setAppSource('Web');
    resetHostMessaging([ALLOWED]);
    expect(sendToHost({ event: 'Logout' })).toBeNull();
  });
});
