import type { AnalyticsEventName } from '../../../schemas/analyticsEvents';

/**
 * Tracks an analytics event (schemas/analytics/events.json). All else is in sendAnalytics.ts, loaded with the first
 * event and not with the first screen: it queues the event, sends it when the page is idle, and keeps only the
 * properties the event allows, so a screen may pass what it has (a step id, an e-mail to be hashed) without anything
 * personal leaving.
 */
export function track(name: AnalyticsEventName, properties: Record<string, unknown> = {}): void {
  void import('./sendAnalytics').then((sender) => sender.queueEvent({ name, properties }));
}
