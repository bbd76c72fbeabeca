import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** A message of the live channel as a client reads it. */
export type CableMessage = { type?: string; identifier?: string; reason?: string; reconnect?: boolean; message?: Record<string, unknown> };

/** The identifier of ProfileChannel for a merchant, as the app writes it. */
export const profileIdentifier = (uuid: string) => JSON.stringify({ channel: 'ProfileChannel', merchant_uuid: uuid });

/**
 * A socket on /cable (through `app.injectWS`, offering `cable.v1` and the token unless `protocols` says otherwise) with
 * its messages collected, a way to wait for the next one that matches, and its close (code and reason) once it comes.
 */
export async function openCable(app: FastifyInstance, token: string | null, protocols = `cable.v1${token ? `, bearer.${token}` : ''}`) {
  const received: CableMessage[] = [];
  /** Every message in the order it came (`received` holds only those no `next` has taken). */
  const history: CableMessage[] = [];
  const waiting: Array<{ match: (m: CableMessage) => boolean; resolve: (m: CableMessage) => void }> = [];
  let onClose: (close: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (onClose = resolve));
  const socket: WebSocket = await app.injectWS('/cable', { headers: { 'sec-websocket-protocol': protocols } }, {
    onInit: (ws) => {
      ws.on('close', (code, reason) => onClose({ code, reason: String(reason) }));
      ws.on('message', (data) => {
        const parsed = JSON.parse(String(data)) as CableMessage;
        history.push(parsed);
        // The first waiter it matches takes it; otherwise it waits in `received` for a later `next`.
        const waiter = waiting.find((candidate) => candidate.match(parsed));
        if (!waiter) return void received.push(parsed);
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(parsed);
      });
    },
  });
  const next = (match: (m: CableMessage) => boolean) =>
    new Promise<CableMessage>((resolve) => {
      const seen = received.find(match);
      if (seen) {
        received.splice(received.indexOf(seen), 1);
        return resolve(seen);
      }
      waiting.push({ match, resolve });
    });
  const subscribe = async (uuid: string) => {
    socket.send(JSON.stringify({ command: 'subscribe', identifier: profileIdentifier(uuid) }));
    return next((m) => (m.type === 'confirm_subscription' || m.type === 'reject_subscription') && m.identifier === profileIdentifier(uuid));
  };
  const pushed = (uuid: string, match: (message: Record<string, unknown>) => boolean) => next((m) => m.identifier === profileIdentifier(uuid) && !!m.message && match(m.message));
  return { socket, received, history, next, subscribe, pushed, closed };
}
