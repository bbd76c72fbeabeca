import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../../schemas/analyticsEvents';
import { track } from '../../../src/shared/analytics/analytics';
import { queueEvent, sandboxAnalyticsProvider, sendTrackedEvents, trackedEvents, setAnalyticsProvider, type TrackedEvent } from '../../../src/shared/analytics/sendAnalytics';
import { clearSession, saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

let sent: AnalyticsEvent[][];

/** A screen's track(), as the sender receives it; the send itself is driven by hand here. */
const queue = (name: TrackedEvent['name'], properties: Record<string, unknown> = {}) => queueEvent({ name, properties });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  setAnalyticsProvider({ send: async (events) => void sent.push(events) });
  saveSession({ access_token: 'token', expires_in: 3600 });
});
afterEach(() => {
  trackedEvents.splice(0);
  // The idle send scheduled meanwhile runs on an empty queue, so the next test schedules its own.
  if (vi.isFakeTimers()) vi.runOnlyPendingTimers();
  setAnalyticsProvider({ send: async () => undefined });
  vi.useRealTimers();
});

describe('track()', () => {
  it('loads the sender with the first event, which sends it when the page is idle', async () => {
    vi.useRealTimers();
    track('agreement_cta_clicked', { cta: 'download_agreement' });
    // The sender is a dynamic import sent on idle: on a busy machine that takes more than waitFor's default second.
    await vi.waitFor(() => expect(sent).toEqual([[{ name: 'agreement_cta_clicked', properties: { cta: 'download_agreement' } }]]), { timeout: 10_000 });
  });
});

describe('sandboxAnalyticsProvider', () => {
  it('posts the events to the sandbox recorder with the session', async () => {
    const calls = mockFetch(() => ({ status: 204 }));
    const events: AnalyticsEvent[] = [{ name: 'agreement_cta_clicked', properties: { cta: 'e_sign' } }];
    await sandboxAnalyticsProvider.send(events);
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: '/api/v1/analytics_events', body: { events } })]);
    expect(calls[0]!.headers.authorization).toBe('Bearer token');
  });
});

describe('sendTrackedEvents()', () => {
  it("reports form_complete with the step's number and name for the steps the catalogue lists, and nothing for others", async () => {
    queue('form_complete', { step_id: 'business-details' });
    queue('form_complete', { step_id: 'bank-details' });
    queue('form_complete', { step_id: 'pan-details' });
    await sendTrackedEvents();
    expect(sent).toEqual([
      [
        { name: 'form_complete', properties: { step_number: 2, step_name: 'business_details_submitted' } },
        { name: 'form_complete', properties: { step_number: 3, step_name: 'bank_details_submitted' } },
      ],
    ]);
    expect(trackedEvents).toEqual([]);
  });

  it('never sends anything personal: unlisted properties and personal-looking values are left out, an e-mail is sent as its SHA-256', async () => {
    queue('Dashboard CTA clicked', { cta_name: 'COLLECT PAYMENTS', page: 'welcome', type: 'button', mid: 4821, email: ' Merchant@Example.com ', pancard_number: 'ABCDE1234F' });
    queue('document_merge_failed', { document_category: 'ABCDE1234F', status: 422, bank_account_number: '123456789012' });
    queue('agreement_cta_clicked', { cta: 'e_sign', aadhaar: '234567890123' });
    await sendTrackedEvents();
    const email = createHash('sha256').update('merchant@example.com').digest('hex');
    expect(sent).toEqual([
      [
        { name: 'Dashboard CTA clicked', properties: { cta_name: 'COLLECT PAYMENTS', page: 'welcome', type: 'button', mid: 4821, email_sha256: email } },
        { name: 'document_merge_failed', properties: { status: 422 } },
        { name: 'agreement_cta_clicked', properties: { cta: 'e_sign' } },
      ],
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/merchant@|ABCDE1234F|123456789012|234567890123/i);
  });

  it("sends the session's lead-tracking parameters once, without the ones that are not lead tracking or look personal", async () => {
    sessionStorage.setItem('leadParams', JSON.stringify({ utm_source: 'sms', utm_campaign: 'diwali', utm_term: 'me@example.com', merchant_account_id: '987654321' }));
    queue('lead_params');
    await sendTrackedEvents();
    queue('lead_params');
    await sendTrackedEvents();
    expect(sent).toEqual([[{ name: 'lead_params', properties: { utm_source: 'sms', utm_campaign: 'diwali' } }]]);
  });

  it('keeps the events until there is a session to send them with', async () => {
    clearSession();
    queue('agreement_cta_clicked', { cta: 'i_accept' });
    await sendTrackedEvents();
    expect(sent).toEqual([]);
    saveSession({ access_token: 'token', expires_in: 3600 });
    await sendTrackedEvents();
    expect(sent).toEqual([[{ name: 'agreement_cta_clicked', properties: { cta: 'i_accept' } }]]);
  });

  it('drops a batch the provider could not take, without an error for the merchant', async () => {
    setAnalyticsProvider({ send: async () => Promise.reject(new Error('offline')) });
    queue('agreement_cta_clicked', { cta: 'i_accept' });
    await expect(sendTrackedEvents()).resolves.toBeUndefined();
    expect(trackedEvents).toEqual([]);
  });
});
