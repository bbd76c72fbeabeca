import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToHost, startFrameBridge } from '../../src/shared/host/frameBridge';
import { resetHostMessaging, sendToHost } from '../../src/shared/host/hostMessaging';
import { setAppSource } from '../../src/shared/session/session';

const ALLOWED = 'https://app.provider.example';

/** This page's document seen as a frame of `ALLOWED` whose parent records what it is sent, with its own history entry. */
function framedPage(historyIndex = 0) {
  const parent = { postMessage: vi.fn() };
  const listeners: Array<(event: MessageEvent) => void> = [];
  const back = vi.fn();
  const view = {
    parent,
    document,
    MutationObserver: window.MutationObserver,
    KeyboardEvent: window.KeyboardEvent,
    location: { ancestorOrigins: [ALLOWED] },
    history: { state: { idx: historyIndex }, back },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: vi.fn(),
  } as unknown as Window & typeof globalThis;
  const fromHost = (data: unknown, origin = ALLOWED, source: unknown = parent) => listeners[0]!({ origin, source, data } as unknown as MessageEvent);
  const sent = () => parent.postMessage.mock.calls.map(([message, origin]) => [(message as { event: string }).event, origin]);
  return { view, back, fromHost, sent };
}

function addDialog(): HTMLElement {
  const portal = document.createElement('div');
  portal.innerHTML = '<div role="dialog" aria-label="A dialog"></div>';
  document.body.append(portal);
  return portal;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  resetHostMessaging();
  document.body.innerHTML = '';
});

describe('startFrameBridge()', () => {
  it('tells the embedding frame when the first dialog opens and when the last one closes, whichever screen opened it', async () => {
    setAppSource('Web');
    resetHostMessaging([ALLOWED]);
    const page = framedPage();
    const stop = startFrameBridge(page.view);
    const first = addDialog();
    await settle();
    const second = addDialog();
    await settle();
    first.remove();
    await settle();
    expect(page.sent()).toEqual([['DialogOpened', ALLOWED]]);
    second.remove();
    await settle();
    expect(page.sent()).toEqual([
      ['DialogOpened', ALLOWED],
      ['DialogClosed', ALLOWED],
    ]);
    stop();
  });

  it("answers the frame's BackPressed: closes the top dialog as Escape does, else goes back in the app, else tells the frame", async () => {
    setAppSource('Web');
    resetHostMessaging([ALLOWED]);
    const withDialog = framedPage(1);
    const stop = startFrameBridge(withDialog.view);
    const dialog = addDialog().firstElementChild!;
    const keys: string[] = [];
    dialog.addEventListener('keydown', (event) => keys.push((event as KeyboardEvent).key));
    withDialog.fromHost({ event: 'BackPressed' });
    expect(keys).toEqual(['Escape']);
    expect(withDialog.back).not.toHaveBeenCalled();
    stop();
    document.body.innerHTML = '';

    const inApp = framedPage(2);
    const stopInApp = startFrameBridge(inApp.view);
    inApp.fromHost({ event: 'BackPressed' });
    expect(inApp.back).toHaveBeenCalledTimes(1);
    expect(inApp.sent()).toEqual([]);
    stopInApp();

    const firstPage = framedPage(0);
    const stopFirst = startFrameBridge(firstPage.view);
    firstPage.fromHost({ event: 'BackPressed' });
    expect(firstPage.back).not.toHaveBeenCalled();
    expect(firstPage.sent()).toEqual([['BackPressed', ALLOWED]]);
    stopFirst();
  });

  it('ignores what a foreign origin or another window sends, and messages that are not BackPressed', () => {
    setAppSource('Web');
    resetHostMessaging([ALLOWED]);
    const page = framedPage(0);
    const stop = startFrameBridge(page.view);
    page.fromHost({ event: 'BackPressed' }, 'https://evil.example');
    page.fromHost({ event: 'BackPressed' }, ALLOWED, {});
    page.fromHost({ event: 'Logout' });
    page.fromHost('BackPressed');
    expect(page.sent()).toEqual([]);
    expect(page.back).not.toHaveBeenCalled();
    stop();
  });
});

describe('listenToHost()', () => {
  it('hears the parent window of the allowed embedding origin only', () => {
    resetHostMessaging([ALLOWED]);
    const page = framedPage();
    const heard = vi.fn();
    const stop = listenToHost(heard, page.view);
    page.fromHost({ event: 'BackPressed' }, 'https://evil.example');
    page.fromHost({ event: 'BackPressed' }, ALLOWED, {});
    expect(heard).not.toHaveBeenCalled();
    page.fromHost({ event: 'BackPressed' });
    expect(heard).toHaveBeenCalledWith({ event: 'BackPressed' });
    stop();
    expect(page.view.removeEventListener).toHaveBeenCalled();

    // Allowed origin, but the page is now framed by another one: not heard.
    resetHostMessaging(['https://other.provider.example']);
    const other = framedPage();
    listenToHost(heard, other.view);
    other.fromHost({ event: 'BackPressed' }, 'https://other.provider.example');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

describe('sendToHost() with dialog events', () => {
  it('announces dialogs to an embedding frame only, never to a native app', () => {
    const android = vi.fn();
    setAppSource('AndroidApp');
    expect(sendToHost({ event: 'DialogOpened' }, { Android: { postMessage: android }, parent: window, location: {}, document } as unknown as Window)).toBeNull();
    expect(android).not.toHaveBeenCalled();
  });
});
