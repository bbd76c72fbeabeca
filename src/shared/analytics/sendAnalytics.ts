import { allowedEvent, formCompleteSteps, type AnalyticsEvent, type AnalyticsEventName } from '../../../schemas/analyticsEvents';
import { apiFetch } from '../api/fetcher';
import { activeSession } from '../session/session';

/** An event as a screen tracked it, before only what its catalogue entry allows is kept. */
export interface TrackedEvent {
  name: AnalyticsEventName;
  properties: Record<string, unknown>;
}

/** Where analytics events go: the sandbox's recorder by default, a tag manager's in production. */
export interface AnalyticsProvider {
  send(events: AnalyticsEvent[]): Promise<void>;
}

/** The sandbox provider: the server records the events (POST /api/v1/analytics_events; shown on /sandbox/analytics). */
export const sandboxAnalyticsProvider: AnalyticsProvider = {
  async send(events) {
    await apiFetch('/api/v1/analytics_events', { method: 'POST', body: { events }, signIn: true });
  },
};

let provider: AnalyticsProvider = sandboxAnalyticsProvider;

/** Chooses where events go (tests, or a production tag manager). */
export function setAnalyticsProvider(chosen: AnalyticsProvider): void {
  provider = chosen;
}

const RETRY_WITHOUT_SESSION_MS = 5000;
/** The session storage key that marks the session's lead-tracking parameters as sent. */
const LEAD_PARAMS_SENT = 'leadParamsSent';

/** The events tracked and not yet sent. */
export const trackedEvents: TrackedEvent[] = [];
let scheduled = false;

/** Queues a tracked event (analytics.ts's track) and sends the queue once the page is idle. */
export function queueEvent(event: TrackedEvent): void {
  trackedEvents.push(event);
  scheduleSending();
}

function scheduleSending(delayMs = 0): void {
  if (scheduled) return;
  scheduled = true;
  const send = () => {
    scheduled = false;
    void sendTrackedEvents();
  };
  window.setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(send, { timeout: 2000 }) : send()), delayMs);
}

/**
 * Sends the tracked events through the provider, each reduced to what its catalogue entry allows (an e-mail becomes
 * its SHA-256; a step id becomes form_complete's step number and name); an event left with no property is dropped.
 * lead_params carries the lead-tracking parameters kept at entry, once a session. Without a session the events wait.
 */
export async function sendTrackedEvents(): Promise<void> {
  if (!activeSession()) {
    if (trackedEvents.length) scheduleSending(RETRY_WITHOUT_SESSION_MS);
    return;
  }
  const tracked = trackedEvents.splice(0);
  const events = (await Promise.all(tracked.map(sendable))).filter((event): event is AnalyticsEvent => event !== null);
  if (!events.length) return;
  try {
    await provider.send(events);
    if (events.some((event) => event.name === 'lead_params')) sessionStorage.setItem(LEAD_PARAMS_SENT, '1');
  } catch {
    // Analytics never bothers the merchant: a failed send is dropped.
  }
}

async function sendable({ name, properties: tracked }: TrackedEvent): Promise<AnalyticsEvent | null> {
  if (name === 'lead_params' && sessionStorage.getItem(LEAD_PARAMS_SENT)) return null;
  const properties = name === 'lead_params' ? (JSON.parse(sessionStorage.getItem('leadParams') ?? '{}') as Record<string, unknown>) : tracked;
  const { email, step_id: stepId, ...rest } = properties;
  const derived: Record<string, unknown> = { ...rest };
  if (typeof email === 'string') derived.email_sha256 = await sha256Hex(email.trim().toLowerCase());
  if (typeof stepId === 'string') Object.assign(derived, formCompleteSteps[stepId]);
  const event = allowedEvent(name, derived);
  return event && Object.keys(event.properties).length ? event : null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
