/** The subprotocol of the live channel (/cable) both ends speak; the bearer token travels as `bearer.<token>`. */
export const CABLE_PROTOCOL = 'cable.v1';

/** The close codes of the live channel (the private range 4000-4999, after the HTTP statuses they stand for). */
export const CABLE_CLOSE = {
  /** The socket's session ended (logout, expiry, a lock, a new password): sent after `{"type":"disconnect"}`. */
  SESSION_ENDED: 4401,
  /** The user holds CABLE_SOCKETS_PER_USER sockets on this process already. */
  TOO_MANY_SOCKETS: 4429,
} as const;
