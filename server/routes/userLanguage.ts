import type { FastifyPluginAsync } from 'fastify';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { NOTIFICATION_LANGUAGES } from '../notifications/notificationTexts';

const LANGUAGE_BODY = {
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language: { enum: NOTIFICATION_LANGUAGES } },
};

/**
 * The language the signed-in user chose (PUT /user/language): the e-mails and SMS the server sends a merchant
 * (server/notifications) are written in its owner's, English until one is chosen.
 */
export const userLanguageRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.put<{ Body: { language: string } }>('/user/language', { schema: { body: LANGUAGE_BODY } }, async (request) => {
    await db.query('update users set language = $2 where id = $1', [currentUser(request).userId, request.body.language]);
    return { language: request.body.language };
  });
};
