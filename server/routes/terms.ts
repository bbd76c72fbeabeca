import type { FastifyPluginAsync } from 'fastify';
import { evaluateStatus } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { requestedProduct, termsOf } from '../http/requestedProduct';
import { hasPermission, loadMembership, saveRecord } from '../merchants/store';

const API = 'https://onboarding.local/schemas/api/terms.json';
/** Moving the account to another product changes the merchant's profile: the owner's permission (README, Notes). */
const MAY_ACCEPT = 'update_user_profile';

/**
 * The terms of another product (platform spec section 2, /terms-conditions; section 7, PUT update_merchant_product):
 * a merchant who opens the app on another product's host accepts that product's terms, which moves the account to it.
 * The product is the host's, never the body's alone: the body must name the same one, and the terms check
 * (`termsRequired` in rules/status.json, the rule the route gate reads) must pass on the stored record.
 */
export const termsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.put<{ Params: { id: string }; Body: { product: string; terms_accepted: true } }>(
    '/merchants/:id/update_merchant_product',
    { schema: { body: { $ref: API } } },
    async (request) => {
      const { userId } = currentUser(request);
      const product = requestedProduct(request);
      if (request.body.product !== product) throw apiError('TERMS_OTHER_PRODUCT');
      const record = await db.transaction(async (tx) => {
        const membership = await loadMembership(tx, userId, request.params.id, true);
        if (!hasPermission(membership, MAY_ACCEPT)) throw apiError('FORBIDDEN');
        const current = membership.record;
        if (evaluateStatus(current, rulesConfig, { requestedProduct: product }).termsRequired !== true) throw apiError('TERMS_NOT_REQUIRED');
        const termsUrl = termsOf(product)!;
        await tx.query('insert into terms_acceptances (merchant_uuid, user_id, from_product, product, terms_url) values ($1, $2, $3, $4, $5)', [
          current.uuid,
          userId,
          String(current.product),
          product,
          termsUrl,
        ]);
        const next = { ...current, product };
        await saveRecord(tx, next, userId, 'product_terms_accepted', { from: current.product, product, terms_url: termsUrl });
        return next;
      });
      return { product: record.product, merchant: record };
    },
  );
};
