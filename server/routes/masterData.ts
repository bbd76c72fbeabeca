import type { FastifyPluginAsync } from 'fastify';
import { businessEntities } from '../../schemas/registry';
import { authenticate } from '../auth/authenticate';
import type { AppContext } from '../context';

/** Master data calls (onboarding spec section 7, Master data). */
export const masterDataRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get('/business_entities', async () => ({
    business_entities: businessEntities.business_entities.map(({ id, name }) => ({ id, name })),
    meta: { pan_business_entity_mapping: businessEntities.pan_business_entity_mapping },
  }));
};
