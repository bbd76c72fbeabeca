import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { cspSourceOf, hostRulesFrom } from '../../common/redirect/allowedRedirect';
import type { ServerConfig } from '../config';

/**
 * The Content-Security-Policy of every answer. Scripts only from the app's own origin, and no
 * `'unsafe-eval'`: the step validators are compiled at build time (scripts/compile-validators.ts),
 * so nothing in the browser compiles code. Emotion (MUI) inserts <style> elements, hence
 * `'unsafe-inline'` for styles only.
 */
export function contentSecurityPolicy(embedOrigins: readonly string[], redirectHosts: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // blob: the operations console shows a PDF under review in a frame, fetched with the bearer token.
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The business product's hand-off posts a form to its dashboard (/account/service_login): the redirect hosts only.
    'form-action': ["'self'", ...hostRulesFrom(redirectHosts).map(cspSourceOf)],
    'frame-ancestors': ["'self'", ...embedOrigins],
  };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, nosniff, no referrer (the
 * entry address may carry a token), HSTS only over TLS, and `Cache-Control: no-store` on API
 * answers, which carry tokens and merchant data, unless a route chose its own caching.
 */
export async function securityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'embedOrigins' | 'redirectHosts'>): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.embedOrigins, config.redirectHosts) },
    // frame-ancestors decides; X-Frame-Options cannot name the allowed embedding origins.
    xFrameOptions: config.embedOrigins.length ? false : { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
