import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import { activeSession } from '../session/session';
import { refreshSession } from '../session/refreshSession';
import { CABLE_CLOSE, CABLE_PROTOCOL } from '../../../common/api/cableProtocol';
import { keys } from './keys';
import type { Merchant } from './types';

/** The live channel's timings: session refresh after bank_verified (spec section 9), polling, reconnect, liveness. */
export const PROFILE_CHANNEL_TIMINGS = {
  sessionRefreshMs: 5_000,
  pollMs: 10_000,
  reconnectDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000],
  /** The server pings every 3 s: a connection silent for this long is dead and is opened again. */
  silenceMs: 10_000,
};

/** What ProfileChannel pushes (server/penny/profileEvents.ts). */
interface ProfileMessage {
  bank_verified?: boolean;
  penny_deposit_status?: string | null;
  penny_deposit_method?: string | null;
  bank_verification_status?: string | null;
  /** Operations published new document requirements: what the merchant owes is read again. */
  requirements_version?: number;
  /** Operations reviewed one of the merchant's documents: the documents and the record are read again. */
  document_status?: string | null;
  /** The service agreement was generated, accepted or signed (its status), or its generation failed (null). */
  agreement_status?: string | null;
  /** Operations reviewed the merchant's website: the record is read again. */
  website_approval_status?: string | null;
  /** Operations decided one of the merchant's addenda: the addenda and the record are read again. */
  addendum?: { source: string; status: string | null };
  /** A UPI payment settled one of the merchant's bank-check requests: that request is read again. */
  upi_verification?: { uuid: string; status: string };
}

/** The socket address: /cable on the app's own origin, ws or wss as the page is served. */
const cableUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/cable`;

/** A merchant record with a live message's bank fields laid over its bank detail. */
function withProfileMessage(merchant: Merchant | undefined, message: ProfileMessage): Merchant | undefined {
  const bank = merchant?.bank_detail as Record<string, unknown> | null | undefined;
  if (!merchant || !bank) return merchant;
  const { bank_verified: verified, ...fields } = message;
  return { ...merchant, bank_detail: { ...bank, ...fields, ...(verified ? { bank_verification_status: 'verified' } : {}) } };
}

/**
 * Follows a merchant on the live channel (/cable, ProfileChannel keyed by the merchant uuid): each message updates
 * the cached merchant at once and reads it again from the server; `bank_verified` refreshes the session 5 s later.
 * The socket reopens with growing delays after a drop; while it is not open, the merchant is read every ~10 s. A
 * socket closed because its session ended is not reopened.
 */
export function useProfileChannel(merchantUuid: string | undefined): void {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    const token = activeSession()?.access_token;
    if (!merchantUuid || !token || typeof WebSocket === 'undefined') return;
    const key = keys.merchant(merchantUuid);
    const identifier = JSON.stringify({ channel: 'ProfileChannel', merchant_uuid: merchantUuid });
    let socket: WebSocket | null = null;
    let stopped = false;
    let failures = 0;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let silence: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const refreshes: Array<ReturnType<typeof setTimeout>> = [];

    const startPolling = () => {
      poll ??= setInterval(() => void mutate(key), PROFILE_CHANNEL_TIMINGS.pollMs);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    const expectPing = () => {
      clearTimeout(silence);
      silence = setTimeout(() => socket?.close(), PROFILE_CHANNEL_TIMINGS.silenceMs);
    };
    const onMessage = (message: ProfileMessage) => {
      if (message.upi_verification) {
        void mutate(keys.upiVerification(merchantUuid, message.upi_verification.uuid));
        return;
      }
      if (message.addendum) {
        void mutate(keys.addenda(merchantUuid));
        void mutate(key);
        return;
      }
      if ('agreement_status' in message || 'website_approval_status' in message) {
        void mutate(keys.agreement(merchantUuid));
        void mutate(key);
        return;
      }
      if (message.requirements_version !== undefined || 'document_status' in message) {
        void mutate(keys.merchantDocsReq(merchantUuid));
        if ('document_status' in message) void mutate(key);
        return;
      }
      void mutate(key, (current: Merchant | undefined) => withProfileMessage(current, message), { revalidate: true });
      if (message.bank_verified) refreshes.push(setTimeout(() => void refreshSession(mutate), PROFILE_CHANNEL_TIMINGS.sessionRefreshMs));
    };

    const open = () => {
      if (stopped) return;
      let opened = false;
      const current = new WebSocket(cableUrl(), [CABLE_PROTOCOL, `bearer.${token}`]);
      socket = current;
      current.onopen = () => {
        opened = true;
        failures = 0;
        stopPolling();
        expectPing();
        current.send(JSON.stringify({ command: 'subscribe', identifier }));
        // Changes made while the socket was closed were not pushed: read the merchant once.
        void mutate(key);
      };
      current.onmessage = (event: MessageEvent) => {
        expectPing();
        let data: { type?: string; identifier?: string; message?: ProfileMessage };
        try {
          data = JSON.parse(String(event.data)) as typeof data;
        } catch {
          return;
        }
        if (data.identifier === identifier && data.message) onMessage(data.message);
      };
      current.onclose = (event: CloseEvent) => {
        clearTimeout(silence);
        if (stopped || socket !== current) return;
        socket = null;
        // The session ended (a logout elsewhere, its expiry): reopening with its token would only be refused. The
        // merchant is read once, and that call's 401 signs the page out.
        if (event.code === CABLE_CLOSE.SESSION_ENDED) {
          stopped = true;
          stopPolling();
          void mutate(key);
          return;
        }
        if (!opened) failures += 1;
        // Polling covers the gap; it stops once a socket opens again.
        startPolling();
        const delays = PROFILE_CHANNEL_TIMINGS.reconnectDelaysMs;
        reconnect = setTimeout(open, delays[Math.min(failures, delays.length - 1)]);
      };
    };
    open();

    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(silence);
      stopPolling();
      refreshes.forEach(clearTimeout);
      socket?.close();
    };
  }, [merchantUuid, mutate]);
}
