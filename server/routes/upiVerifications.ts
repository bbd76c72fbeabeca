import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import upiApi from '../../schemas/api/upi-verifications.json';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { editableMembership } from '../merchants/editableMembership';
import { loadMembership } from '../merchants/store';
import { createUpiRequest, settleUpiPayment, upiRequestAsked, upiRequestOf, type UpiPayer } from '../upi/upiVerifications';

const API = 'https://onboarding.local/schemas/api/upi-verifications.json';
const STEP = 'bank-details';

/** The header the payment service signs its webhook with: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const UPI_SIGNATURE_HEADER = 'x-upi-signature';

/** The signature header's value for a raw body and secret (what the payment service sends). */
export const upiSignature = (rawBody: string, secret: string): string => `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

/** Whether a signature header is the body's, compared in constant time; never with no secret configured. */
function signedBy(secret: string | undefined, rawBody: string, header: unknown): boolean {
  if (!secret || typeof header !== 'string') return false;
  const expected = Buffer.from(upiSignature(rawBody, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The bank check by a ₹1 UPI payment (README, "Bank check by a UPI payment"): beside the spec's test deposit, the
 * merchant pays from the account to be verified and the bank form is filled from the payment.
 * - POST /merchants/{id}/bank_details/upi_verifications: a request (permission and lock as the bank form's submit;
 *   refused once the bank is verified; at most 5 an hour per merchant).
 * - GET /merchants/{id}/bank_details/upi_verifications/{uuid}: where it stands (members of the merchant).
 */
export const upiVerificationRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, clock, providers } = ctx;

  await app.register(async (merchantCalls) => {
    merchantCalls.addHook('onRequest', authenticate(db));

    merchantCalls.post<{ Params: { id: string } }>(
      '/merchants/:id/bank_details/upi_verifications',
      {
        schema: { body: { $ref: `${API}#/$defs/createBody` }, response: { 201: upiApi.$defs.answer } },
        // No body at all is the same as {}.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const { userId } = currentUser(request);
        const view = await db.transaction(async (tx) => {
          const { record } = await editableMembership(tx, userId, request.params.id, STEP, true);
          const bank = record.bank_detail as { bank_verification_status?: string } | null | undefined;
          if (bank?.bank_verification_status === 'verified') throw apiError('UPI_BANK_VERIFIED');
          return createUpiRequest(tx, providers.upiVerification, record, userId, clock.now());
        });
        return reply.code(201).send({ upi_verification: view });
      },
    );

    merchantCalls.get<{ Params: { id: string; uuid: string } }>(
      '/merchants/:id/bank_details/upi_verifications/:uuid',
      { schema: { params: { $ref: `${API}#/$defs/params` }, response: { 200: upiApi.$defs.answer } } },
      async (request) => {
        const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
        const view = await upiRequestOf(db, record.uuid, request.params.uuid, clock.now());
        if (!view) throw apiError('NOT_FOUND');
        return { upi_verification: view };
      },
    );
  });

  // The payment service's webhook: no session; the body's HMAC signature, checked on the raw bytes before anything is read.
  await app.register(async (webhook) => {
    webhook.addHook('onRequest', async (request) => {
      if (typeof request.headers[UPI_SIGNATURE_HEADER] !== 'string') throw apiError('UPI_SIGNATURE_INVALID');
    });
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 8192 }, (request, body, done) => {
      if (!signedBy(ctx.config.upiWebhookSecret, String(body), request.headers[UPI_SIGNATURE_HEADER])) return done(apiError('UPI_SIGNATURE_INVALID'), undefined);
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(apiError('UPI_SIGNATURE_INVALID'), undefined);
      }
    });

    webhook.post<{ Body: { reference: string; amount_paise: number; payer: UpiPayer } }>(
      '/webhooks/upi_payments',
      { schema: { body: { $ref: `${API}#/$defs/webhookBody` } } },
      async (request) => {
        const { reference, amount_paise: amountPaise, payer } = request.body;
        const now = clock.now();
        const asked = await upiRequestAsked(db, reference, now);
        if (!asked) throw apiError('NOT_FOUND');
        // A payment of another amount settles nothing: the request stays as it is, waiting for the right one.
        if (asked.amount_paise !== amountPaise) return { upi_verification: { uuid: reference, status: asked.status, settled: false } };
        const outcome = await settleUpiPayment(db, reference, payer, now);
        return { upi_verification: { uuid: reference, status: outcome.status, settled: outcome.settled } };
      },
    );
  });
};
