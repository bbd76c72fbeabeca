import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { normalizers } from '../../rules/steps/normalizers';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, ApiError } from '../errors';
import { actingMembership } from '../merchants/editableMembership';
import { checkPennyGuess } from '../penny/verifyPenny';

const BODY = { $ref: 'https://onboarding.local/schemas/api/verify-penny.json' };

/** The amount normalised before it is validated, as the browser does (`₹2.38`, `Rs. 2/-`: rules/steps/normalizers.ts). */
async function normalizeAmount(request: FastifyRequest): Promise<void> {
  const body = request.body as { penny_amount?: unknown } | undefined;
  if (body && typeof body.penny_amount === 'string') body.penny_amount = normalizers.amount(body.penny_amount);
}

/** The texts of a wrong amount (onboarding spec section 8): N attempts remaining!, the last attempt, or none left. */
export function wrongAmountTexts(attemptsLeft: number): string[] {
  if (attemptsLeft > 1) return [message('penny.attemptsLeft', { attempts: attemptsLeft })];
  if (attemptsLeft === 1) return [message('penny.lastAttempt'), message('penny.lastAttemptWarning')];
  return [message('penny.exhausted'), message('penny.notVerified')];
}

/**
 * POST /merchants/{id}/verify_penny {penny_amount} (onboarding spec section 7, Bank): the amount of the test deposit.
 * The amount is read as the form reads it (a rupee mark, spaces, thousands commas, a trailing `/-` dropped), then
 * validated. Right: the bank account is verified (and ProfileChannel pushes bank_verified). Wrong: 422 with
 * `attempts_left` and the spec's texts. Refused (409) before the deposit has landed and once no attempt is left; nothing is counted then.
 * Membership and the profile-editing permission are checked as for the bank form.
 */
export const pennyRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.post<{ Params: { id: string }; Body: { penny_amount: string } }>('/merchants/:id/verify_penny', { schema: { body: BODY }, preValidation: normalizeAmount }, async (request) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, 'bank-details');
    const result = await checkPennyGuess(db, record.uuid, request.body.penny_amount, userId);
    switch (result.outcome) {
      case 'verified':
        return { bank_verified: true, message: message('penny.verified'), merchant: result.record };
      case 'wrong': {
        const messages = wrongAmountTexts(result.attemptsLeft);
        throw new ApiError(422, { error: messages[0], messages, attempts_left: result.attemptsLeft, code: 'PENNY_WRONG_AMOUNT', merchant: result.record });
      }
      case 'exhausted': {
        const messages = wrongAmountTexts(0);
        throw new ApiError(409, { error: messages[0], messages, attempts_left: 0, code: 'PENNY_ATTEMPTS_EXHAUSTED' });
      }
      case 'alreadyVerified':
        throw apiError('PENNY_ALREADY_VERIFIED');
      case 'notReady':
        throw apiError('PENNY_NOT_READY');
    }
  });
};
