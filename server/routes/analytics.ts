import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { allowedEvent, type AnalyticsEvent } from '../../schemas/analyticsEvents';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { permissionsOf } from '../merchants/store';

const API = 'https://onboarding.local/schemas/api/analytics.json';

/** Whether an event is exactly what its catalogue entry allows: a property left out by allowedEvent is refused. */
function isAllowed(event: AnalyticsEvent): boolean {
  const allowed = allowedEvent(event.name, event.properties);
  return allowed !== null && Object.keys(allowed.properties).length === Object.keys(event.properties).length;
}

/**
 * POST /api/v1/analytics_events: the sandbox analytics provider's recorder (src/shared/analytics/sendAnalytics.ts).
 * A signed-in member of a merchant sends a batch; an event whose name or any property the catalogue
 * (schemas/analytics/events.json) does not allow refuses the whole batch, so nothing personal is stored. Rate-limited
 * per address as the sign-in calls are (AUTH_RATE_LIMIT a minute), on a count of its own.
 */
export const analyticsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, config } = ctx;
  app.post<{ Body: { events: AnalyticsEvent[] } }>(
    '/analytics_events',
    {
      schema: { body: { $ref: `${API}#/$defs/events` } },
      onRequest: authenticate(db),
      // As many a minute as sign-in calls, counted apart from them: events never use up an address's sign-ins.
      config: { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `analytics:${request.ip}` } },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      // Recorded for a member of a merchant only (operations staff and users without a merchant are refused).
      await permissionsOf(db, userId);
      if (!request.body.events.every(isAllowed)) throw apiError('ANALYTICS_EVENT_NOT_ALLOWED');
      await db.query(
        `insert into analytics_events (user_id, name, properties)
         select $1, event->>'name', event->'properties' from jsonb_array_elements($2::jsonb) with ordinality as e(event, n) order by n`,
        [userId, JSON.stringify(request.body.events)],
      );
      return reply.code(204).send();
    },
  );
};
