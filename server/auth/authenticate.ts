import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiError } from '../errors';
import type { Queryable } from '../db/database';
import { userOfToken } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `authenticate`. */
    auth: { userId: string; token: string; expiresIn: number } | null;
  }
}

/** The bearer token of a request, if it sent one. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A hook that answers 401 unless the request carries a valid, unexpired bearer token. Routes add it as `onRequest`,
 * so an anonymous call is refused before its body is read, checked or validated (a bad body gets 401, not 400 or 422).
 */
export function authenticate(db: Queryable) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerOf(request);
    const session = token ? await userOfToken(db, token) : null;
    if (!token || !session) throw apiError('UNAUTHORIZED');
    request.auth = { userId: session.userId, token, expiresIn: session.expiresIn };
  };
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): { userId: string; token: string; expiresIn: number } {
  if (!request.auth) throw apiError('UNAUTHORIZED');
  return request.auth;
}
