import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { sha256 } from '../auth/secrets';
import { userOfToken } from '../auth/sessions';
import { grantStandings, MEMBERSHIP_ENDED_CHANNEL, parseMembershipEnded, SESSION_ENDED_CHANNEL, type CableGrant } from '../cable/cableAccess';
import { cableSockets, CABLE_SOCKETS_PER_USER } from '../cable/cableSockets';
import type { AppContext } from '../context';
import { REQUIREMENTS_CHANNEL } from '../documents/requirementVersions';
import { apiError } from '../errors';
import { isUuid } from '../merchants/parseIds';
import { parseProfileEvent, PROFILE_CHANNEL, type ProfileMessage } from '../penny/profileEvents';

// The subprotocol the client asks for (the bearer token travels as a second one, `bearer.<token>`, never echoed) and
// the close codes: shared with the app's client (useProfileChannel).
export { CABLE_CLOSE, CABLE_PROTOCOL } from '../../common/api/cableProtocol';
import { CABLE_CLOSE, CABLE_PROTOCOL } from '../../common/api/cableProtocol';
const BEARER_PREFIX = 'bearer.';
/** Seconds between the server's pings: a client that hears none for a while knows the connection is dead. */
export const CABLE_PING_MS = 3000;
/** How often every open socket's session and subscriptions are read again (expiry; a notification lost in a drop). */
export const CABLE_RECHECK_MS = 30_000;
/** The options of @fastify/websocket, registered on the root instance (app.ts) so tests have `app.injectWS`. */
export const CABLE_SOCKET_OPTIONS: WebsocketPluginOptions = {
  options: {
    maxPayload: 4096,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  },
};

/** What a client sends: subscribe to (or leave) a channel, named by an identifier as ActionCable writes it. */
interface ClientCommand {
  command?: unknown;
  identifier?: unknown;
}

/** The subprotocols a socket request offers. */
const offeredProtocols = (request: FastifyRequest) =>
  String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((entry) => entry.trim());

/** The bearer token a socket request carries as its `bearer.<token>` subprotocol. */
export function cableTokenOf(request: FastifyRequest): string | null {
  const bearer = offeredProtocols(request).find((entry) => entry.startsWith(BEARER_PREFIX));
  return bearer ? bearer.slice(BEARER_PREFIX.length) || null : null;
}

/** The merchant uuid of a ProfileChannel identifier (`{"channel":"ProfileChannel","merchant_uuid":"…"}`), else null. */
function profileChannelOf(identifier: unknown): string | null {
  if (typeof identifier !== 'string' || identifier.length > 200) return null;
  try {
    const parsed = JSON.parse(identifier) as { channel?: unknown; merchant_uuid?: unknown };
    return parsed.channel === 'ProfileChannel' && typeof parsed.merchant_uuid === 'string' ? parsed.merchant_uuid : null;
  } catch {
    return null;
  }
}

/** The live channel of one process: its route (registered by app.ts) and a recheck of every open socket now. */
export interface LiveChannel {
  routes: FastifyPluginAsync;
  /** Reads every open socket's session and subscriptions again, ending those that no longer hold (also every 30 s). */
  recheck(): Promise<void>;
}

/**
 * The live channel at /cable (platform spec section 7), an ActionCable-style protocol over a WebSocket:
 * - the client opens it with the subprotocols `cable.v1` and `bearer.<access token>` (a browser cannot set an
 *   Authorization header on a WebSocket); before the upgrade, no valid token: 401; no `cable.v1`: 400; a user holding
 *   CABLE_SOCKETS_PER_USER sockets on this process: 429 (one that races past it in a burst is closed with 4429);
 * - the server says `{"type":"welcome"}`, then `{"type":"ping","message":<epoch seconds>}` every 3 s;
 * - the client sends `{"command":"subscribe","identifier":"{\"channel\":\"ProfileChannel\",\"merchant_uuid\":\"…\"}"}`
 *   and gets `confirm_subscription`, or `reject_subscription` for a merchant it does not act for;
 * - the server pushes `{"identifier":…,"message":{"bank_verified":true}}` and penny test changes
 *   (`penny_deposit_status`, `penny_deposit_method`, `bank_verification_status`).
 * Access is held, not only checked at subscribe time: a socket whose session ends gets `{"type":"disconnect",…}` and is
 * closed (4401); a subscription whose membership ends gets `reject_subscription` and nothing more. Their ends arrive by
 * NOTIFY (migration 019), every delivery reads the sessions and memberships it is about to serve, and every
 * CABLE_RECHECK_MS all of them are read again (expiry).
 * Changes reach every process through PostgreSQL LISTEN/NOTIFY (server/penny/profileEvents.ts), so the API may run as
 * several processes on one database: each delivers to the sockets it holds.
 */
export function liveChannel(ctx: AppContext): LiveChannel {
  const { db } = ctx;
  const sockets = cableSockets();
  let log: FastifyBaseLogger | undefined;

  /** Ends a socket whose session has ended: ActionCable's disconnect message, then the close. */
  const endSocket = (socket: WebSocket) => {
    sockets.remove(socket);
    send(socket, { type: 'disconnect', reason: 'session_ended', reconnect: false });
    socket.close(CABLE_CLOSE.SESSION_ENDED, 'session ended');
  };
  /** Ends a subscription whose membership has ended; the client hears it as a refusal of that subscription. */
  const dropSubscription = (socket: WebSocket, merchantUuid: string) => {
    const identifier = sockets.unsubscribe(socket, merchantUuid);
    if (identifier !== undefined) send(socket, { type: 'reject_subscription', identifier });
  };

  /**
   * Reads the grants of open sockets again, ends the sockets and subscriptions that no longer hold, and returns the
   * subscriptions asked about that still do.
   */
  const holding = async (asked: Array<{ socket: WebSocket; merchantUuid: string | null }>) => {
    const known = asked.filter(({ socket }) => sockets.get(socket));
    const grants: CableGrant[] = known.map(({ socket, merchantUuid }) => ({ tokenHash: sockets.get(socket)!.tokenHash, merchantUuid }));
    const standings = await grantStandings(db, grants);
    const held: Array<{ socket: WebSocket; merchantUuid: string }> = [];
    known.forEach(({ socket, merchantUuid }, index) => {
      const standing = standings[index]!;
      if (!sockets.get(socket)) return;
      if (!standing.session) return endSocket(socket);
      if (merchantUuid === null) return;
      if (!standing.membership) return dropSubscription(socket, merchantUuid);
      held.push({ socket, merchantUuid });
    });
    return held;
  };
  /** Sends a message to the subscribers asked about whose session and membership hold at this moment. */
  const deliverChecked = async (asked: Array<{ socket: WebSocket; merchantUuid: string }>, message: ProfileMessage | { requirements_version: number }) => {
    for (const { socket, merchantUuid } of await holding(asked)) {
      const identifier = sockets.get(socket)?.subscriptions.get(merchantUuid);
      if (identifier !== undefined) send(socket, { identifier, message });
    }
  };
  const subscriptionsOf = (entries: Array<[WebSocket, { subscriptions: Map<string, string> }]>) =>
    entries.flatMap(([socket, entry]) => [...entry.subscriptions.keys()].map((merchantUuid) => ({ socket, merchantUuid })));

  // Deliveries and rechecks run one at a time, in the order their notifications came: a client sees changes in order.
  let turn: Promise<void> = Promise.resolve();
  const inOrder = (work: () => Promise<unknown>) => {
    const next = turn.then(work).then(
      () => undefined,
      (error: unknown) => log?.error(error),
    );
    turn = next;
    return next;
  };

  /** Every open socket's session and subscriptions, read again (an expired session; a notification lost in a drop). */
  const recheck = () => inOrder(() => holding([...sockets.all().map(([socket]) => ({ socket, merchantUuid: null })), ...subscriptionsOf(sockets.all())]));

  const routes: FastifyPluginAsync = async (app) => {
    log = app.log;
    const unlisten = await db.listen(PROFILE_CHANNEL, (payload) => {
      const event = parseProfileEvent(payload);
      if (!event) return;
      void inOrder(() => deliverChecked(sockets.followersOf(event.merchant_uuid).map((socket) => ({ socket, merchantUuid: event.merchant_uuid })), event.message));
    });
    // A publish of the document requirements (operations console): every open page reads what its merchant owes again.
    const unlistenRequirements = await db.listen(REQUIREMENTS_CHANNEL, (payload) => {
      const version = Number(payload);
      if (!Number.isInteger(version)) return;
      void inOrder(() => deliverChecked(subscriptionsOf(sockets.all()), { requirements_version: version }));
    });
    // A deleted session (any path: migration 019's trigger) ends its sockets at once.
    const unlistenSessions = await db.listen(SESSION_ENDED_CHANNEL, (tokenHash) => {
      for (const socket of sockets.ofSession(tokenHash)) endSocket(socket);
    });
    // A deleted membership ends its user's subscriptions to that merchant.
    const unlistenMemberships = await db.listen(MEMBERSHIP_ENDED_CHANNEL, (payload) => {
      const ended = parseMembershipEnded(payload);
      if (!ended) return;
      for (const socket of sockets.followersOf(ended.merchantUuid)) if (sockets.get(socket)?.userId === ended.userId) dropSubscription(socket, ended.merchantUuid);
    });

    const ping = setInterval(() => {
      for (const socket of app.websocketServer.clients) send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) });
    }, CABLE_PING_MS);
    ping.unref();
    const rechecks = setInterval(() => void recheck(), CABLE_RECHECK_MS);
    rechecks.unref();

    app.addHook('onClose', async () => {
      clearInterval(ping);
      clearInterval(rechecks);
      await unlisten();
      await unlistenRequirements();
      await unlistenSessions();
      await unlistenMemberships();
    });

    app.get(
      '/cable',
      {
        websocket: true,
        preValidation: async (request) => {
          const token = cableTokenOf(request);
          const session = token ? await userOfToken(db, token) : null;
          if (!token || !session) throw apiError('UNAUTHORIZED');
          // Without the protocol the upgrade would complete with none chosen: refused before it instead.
          if (!offeredProtocols(request).includes(CABLE_PROTOCOL)) throw apiError('CABLE_PROTOCOL_REQUIRED');
          if (sockets.countOf(session.userId) >= CABLE_SOCKETS_PER_USER) throw apiError('TOO_MANY_REQUESTS');
          request.auth = { userId: session.userId, token, expiresIn: session.expiresIn };
        },
      },
      (socket, request) => {
        const auth = request.auth!;
        // Counted as it opens (no await since the check above): of a burst of upgrades, those past the cap are closed.
        if (!sockets.add(socket, auth.userId, sha256(auth.token))) return socket.close(CABLE_CLOSE.TOO_MANY_SOCKETS, 'too many sockets');
        socket.on('close', () => sockets.remove(socket));
        socket.on('message', (data) => {
          void handle(String(data)).catch((error: unknown) => request.log.error(error));
        });
        send(socket, { type: 'welcome' });

        const handle = async (text: string) => {
          let command: ClientCommand;
          try {
            command = JSON.parse(text) as ClientCommand;
          } catch {
            return;
          }
          const identifier = command.identifier;
          const merchantUuid = profileChannelOf(identifier)?.toLowerCase() ?? null;
          if (command.command === 'unsubscribe' && merchantUuid) return void sockets.unsubscribe(socket, merchantUuid);
          if (command.command !== 'subscribe') return;
          if (!merchantUuid || !isUuid(merchantUuid)) return send(socket, { type: 'reject_subscription', identifier });
          const [standing] = await grantStandings(db, [{ tokenHash: sha256(auth.token), merchantUuid }]);
          if (!sockets.get(socket)) return;
          if (!standing!.session) return endSocket(socket);
          if (!standing!.membership) return send(socket, { type: 'reject_subscription', identifier });
          sockets.subscribe(socket, merchantUuid, identifier as string);
          send(socket, { type: 'confirm_subscription', identifier });
        };
      },
    );
  };

  return { routes, recheck };
}

type CableMessage =
  | { type: 'welcome' }
  | { type: 'ping'; message: number }
  | { type: 'confirm_subscription' | 'reject_subscription'; identifier: unknown }
  | { type: 'disconnect'; reason: string; reconnect: boolean }
  | { identifier: unknown; message: ProfileMessage | { requirements_version: number } };

function send(socket: WebSocket, body: CableMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(body));
}
