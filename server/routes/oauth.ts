import type { FastifyPluginAsync } from 'fastify';
import oauthApi from '../../schemas/api/oauth.json';
import { message } from '../../schemas/messages';
import { aclPermissions } from '../../schemas/registry';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { ApiError, apiError } from '../errors';
import { hasPermission, permissionsOf } from '../merchants/store';
import { clientSecretMatches, issueCode, partnerByClientId, redeemCode, type Partner } from '../oauth/partners';
import { registeredRedirectUri } from '../oauth/registeredRedirectUri';

/** The refusals of the partner calls: RFC 6749's error code, and the catalogue's text. */
const REFUSALS = {
  unknown_client: { status: 404, key: 'oauth.error.client', rfc: 'invalid_client' },
  redirect_uri_mismatch: { status: 422, key: 'oauth.error.redirectUri', rfc: 'invalid_request' },
  invalid_client: { status: 401, key: 'oauth.error.clientAuth', rfc: 'invalid_client' },
  invalid_grant: { status: 400, key: 'oauth.error.codeInvalid', rfc: 'invalid_grant' },
  unsupported_grant_type: { status: 400, key: 'oauth.error.grantType', rfc: 'unsupported_grant_type' },
} as const;

/** A refusal: `{ error, error_description, code }`, with `error` as RFC 6749 names it. */
function refusal(code: keyof typeof REFUSALS): ApiError {
  const entry = REFUSALS[code];
  return new ApiError(entry.status, { error: entry.rfc, error_description: message(entry.key), code });
}

/** The permission that lets a member connect a partner to the merchant (README, Notes: partner authorization). */
const GRANTS_PARTNERS = 'manage_thirdparty_access';
const TITLE_BY_PERMISSION = new Map(aclPermissions.catalogue.map((permission) => [permission.name, permission.title]));

/** The partner of an authorize request whose redirect URI is exactly the registered one; refused otherwise. */
async function checkedPartner(ctx: AppContext, clientId: string, redirectUri: string): Promise<Partner> {
  const partner = await partnerByClientId(ctx.db, clientId);
  if (!partner) throw refusal('unknown_client');
  if (!registeredRedirectUri(redirectUri, partner.redirect_uri)) throw refusal('redirect_uri_mismatch');
  return partner;
}

/**
 * Partner authorization (platform spec sections 2 and 7: /oauth/authorize and the identity provider's authorize and
 * token calls): the consent screen reads the partner, the signed-in user allows or denies, and the partner exchanges
 * the one-use code for an access token scoped to that user and merchant. Nothing is kept in the process: codes and
 * tokens are rows (hashed), so any API node answers any step.
 */
export const oauthRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;

  app.get<{ Querystring: { client_id: string; redirect_uri: string } }>(
    '/oauth/authorize',
    { schema: { querystring: oauthApi.$defs.partnerQuery }, onRequest: authenticate(db) },
    async (request) => {
      const partner = await checkedPartner(ctx, request.query.client_id, request.query.redirect_uri);
      return {
        partner: {
          client_id: partner.client_id,
          name: partner.name,
          logo: partner.logo,
          color_code: partner.color_code,
          skip_onboarding_for_oauth: partner.skip_onboarding_for_oauth,
          permissions: partner.partner_permissions.map((name) => ({ name, title: TITLE_BY_PERMISSION.get(name) ?? name })),
        },
      };
    },
  );

  app.post<{ Body: { client_id: string; redirect_uri: string; state: string; consent: boolean; mid?: string } }>(
    '/oauth/authorize',
    { schema: { body: oauthApi.$defs.authorize }, onRequest: authenticate(db) },
    async (request) => {
      const { userId } = currentUser(request);
      const { client_id: clientId, redirect_uri: redirectUri, state, consent, mid } = request.body;
      await checkedPartner(ctx, clientId, redirectUri);
      // Granting a partner access to the merchant is the third-party access permission's (platform spec section 3's
      // permission list): a member without it can neither grant nor answer for the merchant.
      const membership = await permissionsOf(db, userId, mid);
      if (!hasPermission(membership, GRANTS_PARTNERS)) throw apiError('FORBIDDEN');
      const target = new URL(redirectUri);
      if (!consent) {
        // RFC 6749 section 4.1.2.1: a refusal goes back to the partner as access_denied, with the state.
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('state', state);
        return { state, redirect_to: target.href };
      }
      const code = await issueCode(db, { clientId, userId, merchantUuid: membership.record.uuid, redirectUri });
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return { code, state, redirect_to: target.href };
    },
  );

  app.post<{ Body: { grant_type: string; client_id: string; client_secret: string; code: string; redirect_uri: string } }>(
    '/oauth/token',
    // Limited like the sign-in calls: a guessed secret or code costs a request each.
    { schema: { body: oauthApi.$defs.token }, config: { rateLimit: { max: ctx.config.authRateLimit, timeWindow: '1 minute' } } },
    async (request) => {
      const body = request.body;
      if (body.grant_type !== 'authorization_code') throw refusal('unsupported_grant_type');
      if (!(await clientSecretMatches(db, body.client_id, body.client_secret))) throw refusal('invalid_client');
      // The code is used up and the token stored together, or neither.
      const token = await db.transaction((tx) => redeemCode(tx, { code: body.code, clientId: body.client_id, redirectUri: body.redirect_uri }));
      if (!token) throw refusal('invalid_grant');
      return token;
    },
  );
};
