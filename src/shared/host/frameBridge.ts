import { embeddingOrigin, sendToHost } from './hostMessaging';

const DIALOG = '[role="dialog"]';

/** The page's window with its constructors (MutationObserver, KeyboardEvent): a test passes a frame's look-alike. */
type PageWindow = Window & typeof globalThis;

/**
 * What the app does inside an allowed embedding frame (started by startHostMessaging): tells the frame when a dialog
 * comes up and when the last one goes (DialogOpened, DialogClosed), and answers the frame's BackPressed. Answers the
 * function that stops both.
 */
export function startFrameBridge(view: PageWindow = window): () => void {
  const stopWatching = announceDialogs(view);
  const stopListening = listenToHost((data) => {
    if (isBackPressed(data)) goBack(view);
  }, view);
  return () => {
    stopWatching();
    stopListening();
  };
}

/**
 * Listens to messages of the embedding page: only from the parent window, and only when the parent's origin is the
 * allowed embedding origin (a message from any other window or origin is ignored). Answers the function that stops.
 */
export function listenToHost(onMessage: (data: unknown) => void, view: Window = window): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source !== view.parent || view.parent === view) return;
    if (event.origin !== embeddingOrigin(undefined, view)) return;
    onMessage(event.data);
  };
  view.addEventListener('message', listener);
  return () => view.removeEventListener('message', listener);
}

/**
 * Watches the page for dialogs, whichever screen opens them (MUI renders each one into the body with role="dialog"):
 * DialogOpened when the first appears, DialogClosed when the last has gone.
 */
export function announceDialogs(view: PageWindow = window): () => void {
  let open = view.document.querySelector(DIALOG) !== null;
  const observer = new view.MutationObserver(() => {
    const nowOpen = view.document.querySelector(DIALOG) !== null;
    if (nowOpen === open) return;
    open = nowOpen;
    sendToHost({ event: nowOpen ? 'DialogOpened' : 'DialogClosed' }, view);
  });
  observer.observe(view.document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * The host's back button: closes the top dialog (as its Escape key does, so a dialog that may not be dismissed stays),
 * else goes back within the app, else tells the host there is nothing left to go back to (BackPressed), so it can
 * close the app.
 */
export function goBack(view: PageWindow = window): void {
  const dialogs = view.document.querySelectorAll(DIALOG);
  const top = dialogs[dialogs.length - 1];
  if (top) {
    top.dispatchEvent(new view.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    return;
  }
  // The router numbers its entries (history.state.idx): above 0 there is an app page to go back to.
  const entry = view.history.state as { idx?: unknown } | null;
  if (typeof entry?.idx === 'number' && entry.idx > 0) view.history.back();
  else sendToHost({ event: 'BackPressed' }, view);
}

function isBackPressed(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { event?: unknown }).event === 'BackPressed';
}
