import type { WebSocket } from 'ws';

/** The most sockets one user may hold open on /cable in one process (the app opens one per tab). */
export const CABLE_SOCKETS_PER_USER = 10;

/** What the live channel knows of an open socket. */
export interface CableSocket {
  userId: string;
  /** The SHA-256 of the bearer token it opened with: its session. */
  tokenHash: string;
  /** The merchants it follows, each with the identifier it subscribed with. */
  subscriptions: Map<string, string>;
}

/** The open sockets of one process: by socket, by session, by merchant followed, and counted per user against the cap. */
export interface CableSockets {
  /** How many sockets the user holds open now. */
  countOf(userId: string): number;
  /** Registers a socket; false (and nothing registered) when its user holds the cap already. */
  add(socket: WebSocket, userId: string, tokenHash: string): boolean;
  remove(socket: WebSocket): void;
  get(socket: WebSocket): CableSocket | undefined;
  /** The sockets opened with a session (by its token hash). */
  ofSession(tokenHash: string): WebSocket[];
  all(): Array<[WebSocket, CableSocket]>;
  /** The sockets following a merchant. */
  followersOf(merchantUuid: string): WebSocket[];
  subscribe(socket: WebSocket, merchantUuid: string, identifier: string): void;
  /** Ends a subscription; its identifier, or undefined when the socket did not follow the merchant. */
  unsubscribe(socket: WebSocket, merchantUuid: string): string | undefined;
}

/** A registry of open sockets with a cap per user (counted synchronously, so a burst of upgrades cannot pass it). */
export function cableSockets(capPerUser = CABLE_SOCKETS_PER_USER): CableSockets {
  const sockets = new Map<WebSocket, CableSocket>();
  const followers = new Map<string, Set<WebSocket>>();
  const perUser = new Map<string, number>();
  const bySession = new Map<string, Set<WebSocket>>();

  const unsubscribe = (socket: WebSocket, merchantUuid: string) => {
    const identifier = sockets.get(socket)?.subscriptions.get(merchantUuid);
    if (identifier === undefined) return undefined;
    sockets.get(socket)!.subscriptions.delete(merchantUuid);
    const following = followers.get(merchantUuid)!;
    following.delete(socket);
    if (!following.size) followers.delete(merchantUuid);
    return identifier;
  };

  return {
    countOf: (userId) => perUser.get(userId) ?? 0,
    add(socket, userId, tokenHash) {
      const count = perUser.get(userId) ?? 0;
      if (count >= capPerUser) return false;
      perUser.set(userId, count + 1);
      sockets.set(socket, { userId, tokenHash, subscriptions: new Map() });
      bySession.set(tokenHash, (bySession.get(tokenHash) ?? new Set()).add(socket));
      return true;
    },
    remove(socket) {
      const entry = sockets.get(socket);
      if (!entry) return;
      for (const merchantUuid of [...entry.subscriptions.keys()]) unsubscribe(socket, merchantUuid);
      sockets.delete(socket);
      const ofSession = bySession.get(entry.tokenHash)!;
      ofSession.delete(socket);
      if (!ofSession.size) bySession.delete(entry.tokenHash);
      const count = (perUser.get(entry.userId) ?? 1) - 1;
      if (count > 0) perUser.set(entry.userId, count);
      else perUser.delete(entry.userId);
    },
    get: (socket) => sockets.get(socket),
    ofSession: (tokenHash) => [...(bySession.get(tokenHash) ?? [])],
    all: () => [...sockets],
    followersOf: (merchantUuid) => [...(followers.get(merchantUuid) ?? [])],
    subscribe(socket, merchantUuid, identifier) {
      const entry = sockets.get(socket);
      if (!entry) return;
      entry.subscriptions.set(merchantUuid, identifier);
      followers.set(merchantUuid, (followers.get(merchantUuid) ?? new Set()).add(socket));
    },
    unsubscribe,
  };
}
