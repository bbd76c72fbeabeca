import { authApi } from '../api/auth';
import { appSource } from '../session/session';

/** The events the app tells its host (onboarding spec section 1, platform spec: host messages). */
export type HostEvent = 'Logout' | 'BackPressed' | 'OnboardingCompleted';

/** What a host message carries: the event and, for some, details (never anything personal). */
export interface HostMessage {
  event: HostEvent;
  [detail: string]: unknown;
}

interface HostWindow {
  /** The Android app's JavaScript interface (addJavascriptInterface(…, "Android")), taking a JSON string. */
  Android?: { postMessage?: (json: string) => void };
  /** The iOS app's WKScriptMessageHandler named "onboarding". */
  webkit?: { messageHandlers?: { onboarding?: { postMessage?: (message: unknown) => void } } };
}

let embedOrigins: readonly string[] | undefined;
let loading: Promise<readonly string[]> | undefined;

/** The origins allowed to embed the app (GET /api/v1/app_config, the server's EMBED_ORIGINS), read once. */
export function loadEmbedOrigins(fetchConfig: () => Promise<{ embed_origins?: unknown }> = authApi.appConfig): Promise<readonly string[]> {
  loading ??= fetchConfig().then(
    (config) => (embedOrigins = Array.isArray(config.embed_origins) ? config.embed_origins.filter((origin): origin is string => typeof origin === 'string') : []),
    () => {
      loading = undefined;
      return [];
    },
  );
  return loading;
}

/**
 * The origin of the frame that embeds the app, when it is one of the allowed ones; else null. Read from the
 * browser's own report of its ancestors (or the referrer where that is missing), and compared exactly: a host is
 * never guessed from a suffix, and no message ever goes to `*`.
 */
export function embeddingOrigin(origins: readonly string[] = embedOrigins ?? [], view: Window = window): string | null {
  if (view.parent === view) return null;
  const ancestor = view.location.ancestorOrigins?.[0] ?? originOf(view.document.referrer);
  return ancestor && origins.includes(ancestor) ? ancestor : null;
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Tells the host an event: the Android app through its interface, the iOS app through its message handler, an
 * embedding page through `postMessage` to its exact origin when that origin is allowed (loadEmbedOrigins first).
 * Answers where it went, or null when the app runs on its own (a plain browser tab).
 */
export function sendToHost(message: HostMessage, view: Window & HostWindow = window as Window & HostWindow): 'android' | 'ios' | 'frame' | null {
  const source = appSource();
  if (view.Android?.postMessage && source !== 'iOSApp') {
    view.Android.postMessage(JSON.stringify(message));
    return 'android';
  }
  if (view.webkit?.messageHandlers?.onboarding?.postMessage) {
    view.webkit.messageHandlers.onboarding.postMessage(message);
    return 'ios';
  }
  const origin = embeddingOrigin(embedOrigins ?? [], view);
  if (origin) {
    view.parent.postMessage(message, origin);
    return 'frame';
  }
  return null;
}

/**
 * Listens to messages of the embedding page, from allowed origins only (a message from any other origin, or from a
 * window that is not the parent, is ignored). Answers the function that stops listening.
 */
export function listenToHost(onMessage: (data: unknown) => void, view: Window = window): () => void {
  const listener = (event: MessageEvent) => {
    if (event.source !== view.parent || view.parent === view) return;
    if (!(embedOrigins ?? []).includes(event.origin)) return;
    onMessage(event.data);
  };
  view.addEventListener('message', listener);
  return () => view.removeEventListener('message', listener);
}

/** For tests: forgets the loaded origins. */
export function resetHostMessaging(origins?: readonly string[]): void {
  embedOrigins = origins;
  loading = undefined;
}
