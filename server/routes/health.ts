import type { FastifyPluginAsync } from 'fastify';
import type { LogLevel } from '../config';
import type { Database } from '../db/database';
import { pendingMigrations } from '../db/migrate';

/** Probes come every few seconds: their requests are logged only from `warn` up, whatever the log's level. */
const probeLogLevel = (level: LogLevel): LogLevel => (['info', 'debug', 'trace'].includes(level) ? 'warn' : level);

/** Probes for a load balancer: /healthz (the process answers), /readyz (database reachable, migrations applied). */
export const healthRoutes = (db: Database, logLevel: LogLevel): FastifyPluginAsync => async (app) => {
  const quiet = { logLevel: probeLogLevel(logLevel) };
  app.get('/healthz', quiet, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', quiet, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const pending = await pendingMigrations(db);
      if (pending.length) return reply.code(503).send({ status: 'not ready', reason: 'migrations pending', pending });
      return { status: 'ready', database: db.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'not ready', reason: 'database unreachable' });
    }
  });
};
