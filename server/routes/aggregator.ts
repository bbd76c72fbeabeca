import type { FastifyPluginAsync } from 'fastify';
import aggregatorApi from '../../schemas/api/aggregator.json';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { aggregatorOf, childOf, childrenOf } from '../merchants/aggregatorChildren';

/**
 * The aggregator page's calls (platform spec sections 1-2): an aggregator's child merchants, and one child's activation
 * progress. Nothing else serves a child to its aggregator; the answers are serialised by schemas/api/aggregator.json.
 */
export const aggregatorRoutes = ({ db }: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('onRequest', authenticate(db));

  app.get<{ Params: { id: string } }>('/merchants/:id/children', { schema: { response: { 200: aggregatorApi.$defs.childList } } }, async (request) => {
    const aggregator = await aggregatorOf(db, currentUser(request).userId, request.params.id);
    return { children: await childrenOf(db, aggregator) };
  });

  app.get<{ Params: { id: string; childId: string } }>(
    '/merchants/:id/children/:childId',
    { schema: { response: { 200: aggregatorApi.$defs.childView } } },
    async (request) => {
      const aggregator = await aggregatorOf(db, currentUser(request).userId, request.params.id);
      return { child: await childOf(db, aggregator, request.params.childId) };
    },
  );
};
