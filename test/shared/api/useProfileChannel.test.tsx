import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../../../src/shared/api/keys';
import { PROFILE_CHANNEL_TIMINGS, useProfileChannel } from '../../../src/shared/api/useProfileChannel';
import type { Merchant } from '../../../src/shared/api/types';
import { saveSession } from '../../../src/shared/session/session';
import { mockFetch } from '../../fetchMock';

const UUID = '11111111-2222-3333-4444-555555555555';
const IDENTIFIER = JSON.stringify({ channel: 'ProfileChannel', merchant_uuid: UUID });
const pending: Merchant = { uuid: UUID, mid: 1, bank_detail: { id: 1, bank_verification_status: 'pending', penny_deposit_status: 'NOT_INITIATED', penny_deposit_method: 'IMPS' } };

/** A WebSocket the test opens, closes and talks through. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  sent: string[] = [];
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** Closes it as the server or the network would: 1006 (abnormal, a drop) unless a code is given. */
  close(code = 1006) {
    this.onclose?.({ code });
  }
  open() {
    this.onopen?.();
  }
  push(body: unknown) {
    this.onmessage?.({ data: JSON.stringify(body) });
  }
}

/** The bank detail the page shows now. */
const shownBank = () => JSON.parse(screen.getByTestId('bank').textContent || 'null') as Record<string, unknown> | null;
/** The merchant as the page holds it (SWR), followed on the live channel. */
function Probe() {
  useProfileChannel(UUID);
  const { data } = useSWR(keys.merchant(UUID), (path: string) =>
    fetch(path)
      .then((response) => response.json())
      .then((body: { merchant: Merchant }) => body.merchant),
  );
  return <output data-testid="bank">{JSON.stringify(data?.bank_detail ?? null)}</output>;
}
const renderProbe = () =>
  render(
    <SWRConfig value={{ provider: () => new Map([[keys.merchant(UUID), { data: pending }]]), dedupingInterval: 0 }}>
      <Probe />
    </SWRConfig>,
  );

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  saveSession({ access_token: 'tok123', expires_in: 3600 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useProfileChannel()', () => {
  it('opens /cable with the bearer subprotocol and subscribes to the merchant', () => {
    mockFetch(() => ({ body: { merchant: pending } }));
    renderProbe();
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/cable`);
    expect(socket.protocols).toEqual(['cable.v1', 'bearer.tok123']);
    act(() => socket.open());
    expect(socket.sent.map((data) => JSON.parse(data))).toEqual([{ command: 'subscribe', identifier: IDENTIFIER }]);
  });

  it('updates the merchant from a pushed penny change, and refreshes the session 5 s after bank_verified', async () => {
    let onServer = pending;
    const calls = mockFetch(() => ({ body: { merchant: onServer, merchants: [] } }));
    renderProbe();
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    onServer = { ...pending, bank_detail: { ...(pending.bank_detail as object), penny_deposit_status: 'SUCCESS' } };
    await act(async () => socket.push({ identifier: IDENTIFIER, message: { penny_deposit_status: 'SUCCESS', penny_deposit_method: 'IMPS' } }));
    expect(shownBank()?.penny_deposit_status).toBe('SUCCESS');
    onServer = { ...pending, bank_detail: { ...(onServer.bank_detail as object), bank_verification_status: 'verified' } };
    await act(async () => socket.push({ identifier: IDENTIFIER, message: { bank_verified: true } }));
    expect(shownBank()?.bank_verification_status).toBe('verified');
    const before = calls.length;
    await act(async () => vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.sessionRefreshMs - 10));
    const refreshedEarly = calls.slice(before).length;
    await act(async () => vi.advanceTimersByTimeAsync(20));
    expect(calls.slice(before).length).toBeGreaterThan(refreshedEarly);
  });

  it('polls the merchant every 10 s while the socket cannot open, and reconnects with growing delays', async () => {
    const calls = mockFetch(() => ({ body: { merchant: pending } }));
    renderProbe();
    act(() => FakeSocket.all[0]!.close());
    const reads = () => calls.filter((call) => call.url === keys.merchant(UUID)).length;
    const start = reads();
    await act(async () => vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.reconnectDelaysMs[1]! - 1));
    expect(FakeSocket.all).toHaveLength(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => FakeSocket.all[1]!.close());
    await act(async () => vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.pollMs * 2));
    expect(reads() - start).toBeGreaterThanOrEqual(2);
    // Once a socket opens, polling stops.
    const opened = FakeSocket.all[FakeSocket.all.length - 1]!;
    act(() => opened.open());
    const afterOpen = reads();
    await act(async () => {
      opened.push({ type: 'ping', message: 1 });
      await vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.pollMs - 1000);
      opened.push({ type: 'ping', message: 2 });
      await vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.pollMs - 1000);
    });
    expect(reads() - afterOpen).toBeLessThanOrEqual(1);
  });

  it('does not reopen a socket whose session ended (4401), nor poll: it reads the merchant, whose 401 signs the page out', async () => {
    const calls = mockFetch(() => ({ body: { merchant: pending } }));
    renderProbe();
    act(() => FakeSocket.all[0]!.open());
    await act(async () => vi.advanceTimersByTimeAsync(0));
    const reads = () => calls.filter((call) => call.url === keys.merchant(UUID)).length;
    const beforeClose = reads();
    await act(async () => FakeSocket.all[0]!.close(4401));
    await act(async () => vi.advanceTimersByTimeAsync(100));
    const afterClose = reads();
    expect(afterClose).toBeGreaterThan(beforeClose);
    await act(async () => vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.reconnectDelaysMs.at(-1)! + PROFILE_CHANNEL_TIMINGS.pollMs * 3));
    expect(FakeSocket.all).toHaveLength(1);
    expect(reads()).toBe(afterClose);
  });

  it('closes a socket that has gone silent and opens another', async () => {
    mockFetch(() => ({ body: { merchant: pending } }));
    renderProbe();
    act(() => FakeSocket.all[0]!.open());
    await act(async () => vi.advanceTimersByTimeAsync(PROFILE_CHANNEL_TIMINGS.silenceMs + PROFILE_CHANNEL_TIMINGS.reconnectDelaysMs[0]!));
    expect(FakeSocket.all).toHaveLength(2);
  });
});
