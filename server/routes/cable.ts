import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { userOfToken } from '../auth/sessions';
import type { AppContext } from '../context';
import { REQUIREMENTS_CHANNEL } from '../documents/requirementVersions';
import { apiError } from '../errors';
import { loadMembership } from '../merchants/store';
import { parseProfileEvent, PROFILE_CHANNEL, type ProfileMessage } from '../penny/profileEvents';

/** The subprotocol the client asks for; the bearer token travels as a second one, `bearer.<token>` (never echoed). */
export const CABLE_PROTOCOL = 'cable.v1';
const BEARER_PREFIX = 'bearer.';
/** Seconds between the server's pings: a client that hears none for a while knows the connection is dead. */
export const CABLE_PING_MS = 3000;

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

/** The bearer token a socket request carries as its `bearer.<token>` subprotocol. */
export function cableTokenOf(request: FastifyRequest): string | null {
  const offered = String(request.headers['sec-websocket-protocol'] ?? '').split(',').map((entry) => entry.trim());
  const bearer = offered.find((entry) => entry.startsWith(BEARER_PREFIX));
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

/**
 * The live channel at /cable (platform spec section 7), an ActionCable-style protocol over a WebSocket:
 * - the client opens it with the subprotocols `cable.v1` and `bearer.<access token>` (a browser cannot set an
 *   Authorization header on a WebSocket); no valid token: 401 before the upgrade;
 * - the server says `{"type":"welcome"}`, then `{"type":"ping","message":<epoch seconds>}` every 3 s;
 * - the client sends `{"command":"subscribe","identifier":"{\"channel\":\"ProfileChannel\",\"merchant_uuid\":\"…\"}"}`
 *   and gets `confirm_subscription`, or `reject_subscription` for a merchant it does not act for;
 * - the server pushes `{"identifier":…,"message":{"bank_verified":true}}` and penny test changes
 *   (`penny_deposit_status`, `penny_deposit_method`, `bank_verification_status`).
 * Changes reach every process through PostgreSQL LISTEN/NOTIFY (server/penny/profileEvents.ts), so the API may run as
 * several processes on one database: each delivers to the sockets it holds.
 */
export const cableRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  /** The sockets of this process subscribed to each merchant, with the identifier they subscribed with. */
  const subscribers = new Map<string, Map<WebSocket, string>>();

  const deliver = (payload: string) => {
    const event = parseProfileEvent(payload);
    const sockets = event ? subscribers.get(event.merchant_uuid) : undefined;
    for (const [socket, identifier] of sockets ?? []) send(socket, { identifier, message: event!.message });
  };
  const unlisten = await db.listen(PROFILE_CHANNEL, deliver);
  // A publish of the document requirements (operations console): every open page reads what its merchant owes again.
  const unlistenRequirements = await db.listen(REQUIREMENTS_CHANNEL, (payload) => {
    const version = Number(payload);
    if (!Number.isInteger(version)) return;
    for (const [, sockets] of subscribers) for (const [socket, identifier] of sockets) send(socket, { identifier, message: { requirements_version: version } });
  });

  const ping = setInterval(() => {
    for (const socket of app.websocketServer.clients) send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) });
  }, CABLE_PING_MS);
  ping.unref();

  app.addHook('onClose', async () => {
    clearInterval(ping);
    await unlisten();
    await unlistenRequirements();
  });

  const unsubscribe = (socket: WebSocket, merchantUuid?: string) => {
    for (const [uuid, sockets] of subscribers) {
      if (merchantUuid && uuid !== merchantUuid) continue;
      sockets.delete(socket);
      if (!sockets.size) subscribers.delete(uuid);
    }
  };

  app.get(
    '/cable',
    {
      websocket: true,
      preValidation: async (request) => {
        const token = cableTokenOf(request);
        const session = token ? await userOfToken(db, token) : null;
        if (!token || !session) throw apiError('UNAUTHORIZED');
        request.auth = { userId: session.userId, token, expiresIn: session.expiresIn };
      },
    },
    (socket, request) => {
      const auth = request.auth!;
      socket.on('close', () => unsubscribe(socket));
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
        const merchantUuid = profileChannelOf(identifier);
        if (command.command === 'unsubscribe' && merchantUuid) return unsubscribe(socket, merchantUuid);
        if (command.command !== 'subscribe') return;
        if (!merchantUuid || !(await mayFollow(auth.token, auth.userId, merchantUuid))) return send(socket, { type: 'reject_subscription', identifier });
        const sockets = subscribers.get(merchantUuid) ?? new Map<WebSocket, string>();
        sockets.set(socket, identifier as string);
        subscribers.set(merchantUuid, sockets);
        send(socket, { type: 'confirm_subscription', identifier });
      };
    },
  );

  /** Whether the session is still valid and its user acts for the merchant (a malformed or foreign uuid: no). */
  const mayFollow = async (token: string, userId: string, merchantUuid: string) => {
    const session = await userOfToken(db, token);
    if (session?.userId !== userId) return false;
    return loadMembership(db, userId, merchantUuid).then(
      (membership) => membership.record.uuid === merchantUuid,
      () => false,
    );
  };
};

function send(socket: WebSocket, body: { type?: string; identifier?: unknown; message?: ProfileMessage | { requirements_version: number } | number }) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(body));
}
