import { authApi } from '../api/auth';
import { appSource } from '../session/session';

/**
 * The events the app tells its host (onboarding spec section 1): Logout, BackPressed, OnboardingCompleted; and, to an
 * embedding frame only, a dialog's opening and closing (the spec names no event for them: DialogOpened, DialogClosed).
 */
export type HostEvent = 'Logout' | 'BackPressed' | 'OnboardingCompleted' | 'DialogOpened' | 'DialogClosed';

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
 * Dialog events go to an embedding page only. Answers where it went, or null when the app runs on its own (a plain
 * browser tab).
 */
export function sendToHost(message: HostMessage, view: Window & HostWindow = window as Window & HostWindow): 'android' | 'ios' | 'frame' | null {
  if (message.event === 'DialogOpened' || message.event === 'DialogClosed') return sendToFrame(message, view);
  const source = appSource();
  if (view.Android?.postMessage && source !== 'iOSApp') {
    view.Android.postMessage(JSON.stringify(message));
    return 'android';
  }
  if (view.webkit?.messageHandlers?.onboarding?.postMessage) {
    view.webkit.messageHandlers.onboarding.postMessage(message);
    return 'ios';
  }
  return sendToFrame(message, view);
}

function sendToFrame(message: HostMessage, view: Window): 'frame' | null {
  const origin = embeddingOrigin(embedOrigins ?? [], view);
  if (!origin) return null;
  view.parent.postMessage(message, origin);
  return 'frame';
}

/**
 * Reads the allowed origins, then, only inside an allowed embedding frame, starts what a frame needs (the dialog
 * announcements, the answer to the frame's BackPressed), loaded apart so a plain tab never downloads it.
 */
export async function startHostMessaging(): Promise<void> {
  await loadEmbedOrigins();
  if (embeddingOrigin()) (await import('./frameBridge')).startFrameBridge();
}

/** For tests: forgets the loaded origins. */
export function resetHostMessaging(origins?: readonly string[]): void {
  embedOrigins = origins;
  loading = undefined;
}
