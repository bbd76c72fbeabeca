import type { FastifyPluginAsync } from 'fastify';
import { evaluateStatus } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { withBankDetail, withVerifiedBankDetail, type BankDetailInput } from '../merchants/bankDetail';
import { addendumNeeded, proposeAddendum } from '../addenda/addenda';
import { registeredValidator } from '../../schemas/ajv';
import type { BankUpdateRequest } from '../../schemas/generated/apiRequests';
import { applyBankChange } from '../merchants/bankChange';
import { claimBankUpdate, useAlternativeToken } from '../merchants/bankUpdate';
import { checkStepBody } from '../merchants/checkStepBody';
import { actingMembership, editableMembership } from '../merchants/editableMembership';
import { saveRecord } from '../merchants/store';
import { startPennyDeposit } from '../penny/pennyDeposits';
import { notifyProfile } from '../penny/profileEvents';
import { usePaidUpiRequest } from '../upi/upiVerifications';

const STEP = 'bank-details';

const BODY = {
  type: 'object',
  required: ['bank_detail'],
  properties: { bank_detail: { type: 'object' } },
  additionalProperties: false,
  errorMessage: { required: 'validation.required' },
};

/**
 * The bank form (onboarding spec sections 2 and 7): POST /merchants/{id}/bank_details with `bank_detail` validated
 * by the step definition (schemas/steps/bank-details.step.json): its schema with `$context` projected from the
 * stored record, and the fields its rules derive or make read-only held to their values. Stores a new pending bank detail
 * and, in the same transaction, starts its test deposit (a durable job) unless the rules say penny verification is
 * skipped (rules/status.json pennyVerificationSkipped: the merchant's onboarding_config does not require it). An
 * account and IFSC a recent ₹1 UPI payment of the merchant came from, in the same holder name, is stored verified at
 * once instead (server/upi/upiVerifications.ts, usePaidUpiRequest): no test deposit.
 */
export const bankDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, clock } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  app.addHook('onRequest', authenticate(db));
  const changeBank = bankChanger(ctx);

  app.post<{ Params: { id: string }; Body: { bank_detail: Record<string, unknown> } }>(
    '/merchants/:id/bank_details',
    { schema: { body: BODY } },
    async (request) => {
      const { userId } = currentUser(request);
      const alternativeToken = request.headers['alternative-token'];
      if (typeof alternativeToken === 'string') return changeBank(userId, request.params.id, alternativeToken, request.body.bank_detail);
      const record = await db.transaction(async (tx) => {
        const { record: stored } = await editableMembership(tx, userId, request.params.id, STEP, true);
        const input = checkStepBody<BankDetailInput>(ajv, step, stored, request.body.bank_detail);
        // The account a recent ₹1 UPI payment came from, held in the same name: verified at once, no test deposit.
        if (await usePaidUpiRequest(tx, stored.uuid, input, clock.now())) {
          const verified = withVerifiedBankDetail(stored, input, 'upi_payment');
          await saveRecord(tx, verified, userId, `step.${STEP}`, { body: request.body, verification_method: 'upi_payment' });
          await notifyProfile(tx, stored.uuid, { bank_verified: true, bank_verification_status: 'verified' });
          return verified;
        }
        const skipped = evaluateStatus(withBankDetail(stored, input, false), rulesConfig).pennyVerificationSkipped === true;
        const updated = withBankDetail(stored, input, !skipped);
        await saveRecord(tx, updated, userId, `step.${STEP}`, { body: request.body });
        if (!skipped) await startPennyDeposit(tx, updated, clock.now());
        return updated;
      });
      return { bank_detail: record.bank_detail, merchant: record };
    },
  );
};

/**
 * A bank update (onboarding spec sections 2, 4, 8): new holder name, account number and IFSC, sent with the
 * alternative token a verified OTP gave (scope update_bank_details, used once). Refused when it repeats the saved
 * details, when no attempt is left or the gap since the last update has not passed (claimed atomically). Details
 * never verified change at once: pending verification with a new test deposit, settlements held
 * `settlementHoldHours`. Verified details (or any once the agreement is generated: rules/status.json
 * bankAddendumNeeded) do not change: the new ones become an addendum the merchant accepts and a reviewer approves
 * (server/addenda), and only then change.
 */
export function bankChanger(ctx: AppContext) {
  const { db, ajv, clock, config } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  const validateUpdate = registeredValidator<BankUpdateRequest>(ajv, 'https://onboarding.local/schemas/api/bank-update.json');
  return async (userId: string, merchantId: string, token: string, bankDetail: Record<string, unknown>) => {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const { record: stored } = await actingMembership(tx, userId, merchantId, STEP, true);
      const saved = stored.bank_detail as Record<string, unknown> | null | undefined;
      if (!saved) throw apiError('STEP_LOCKED');
      const candidate: unknown = { bank_detail: step.normalize(bankDetail ?? {}) };
      if (!validateUpdate(candidate)) throw validationError(toFieldErrors(validateUpdate.errors));
      const next = candidate.bank_detail;
      if (next.holder_name === saved.holder_name && next.bank_account_number === saved.bank_account_number && next.ifsc_code === saved.ifsc_code) {
        throw validationError({ bank_detail: [message('bankUpdate.same')] });
      }
      if (!(await useAlternativeToken(tx, token, userId, stored.uuid, 'update_bank_details', now))) throw apiError('OTP_TOKEN_INVALID');
      const claim = await claimBankUpdate(tx, stored.uuid, config.bankUpdate, now);
      if (!claim.ok) {
        const errors =
          claim.reason === 'exhausted'
            ? [message('bankUpdate.exhausted')]
            : [message('bankUpdate.gap', { gap: `${config.bankUpdate.gapHours} hours` }), message('bankUpdate.comeBack', { time: indianTime(claim.timing.nextUpdateTime) })];
        throw validationError({ bank_details: errors });
      }
      const change = { holder_name: next.holder_name, bank_account_number: next.bank_account_number, ifsc_code: next.ifsc_code };
      if (addendumNeeded(stored, 'bank')) {
        const { record, addendum } = await proposeAddendum(tx, ctx.files, stored, 'bank', change, userId, now);
        return { record, addendum, timing: claim.timing };
      }
      const record = await applyBankChange(tx, stored, change, config.bankUpdate.settlementHoldHours, now);
      await saveRecord(tx, record, userId, 'bank.update', { previous: { holder_name: saved.holder_name, account_ending: String(saved.bank_account_number).slice(-4), ifsc_code: saved.ifsc_code }, timing: claim.timing });
      return { record, addendum: null, timing: claim.timing };
    });
    return { bank_detail: result.record.bank_detail, merchant: result.record, timing: result.timing, addendum: result.addendum };
  };
}

/** A time as merchants in India read it: "24 Nov 2026, 3:30 pm IST". */
export function indianTime(iso: string | null): string {
  if (!iso) return '';
  return `${new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })} IST`;
}
