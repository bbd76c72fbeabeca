import type { FastifyPluginAsync } from 'fastify';
import { evaluateStatus } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { withBankDetail, type BankDetailInput } from '../merchants/bankDetail';
import { claimBankUpdate, useAlternativeToken } from '../merchants/bankUpdate';
import { checkStepBody } from '../merchants/checkStepBody';
import { actingMembership, editableMembership } from '../merchants/editableMembership';
import { saveRecord } from '../merchants/store';
import { startPennyDeposit } from '../penny/pennyDeposits';

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
 * skipped (rules/status.json pennyVerificationSkipped: the merchant's onboarding_config does not require it).
 */
export const bankDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, clock, config } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  app.addHook('preHandler', authenticate(db));

  app.post<{ Params: { id: string }; Body: { bank_detail: Record<string, unknown> } }>(
    '/merchants/:id/bank_details',
    { schema: { body: BODY } },
    async (request) => {
      const { userId } = currentUser(request);
      const alternativeToken = request.headers['alternative-token'];
      if (typeof alternativeToken === 'string') return updateBank(userId, request.params.id, alternativeToken, request.body);
      const record = await db.transaction(async (tx) => {
        const { record: stored } = await editableMembership(tx, userId, request.params.id, STEP, true);
        const input = checkStepBody(ajv, step, stored, request.body.bank_detail) as unknown as BankDetailInput;
        const skipped = evaluateStatus(withBankDetail(stored, input, false), rulesConfig).pennyVerificationSkipped === true;
        const updated = withBankDetail(stored, input, !skipped);
        await saveRecord(tx, updated, userId, `step.${STEP}`, { body: request.body });
        if (!skipped) await startPennyDeposit(tx, updated, clock.now());
        return updated;
      });
      return { bank_detail: record.bank_detail, merchant: record };
    },
  );

  const validateUpdate = ajv.getSchema('https://onboarding.local/schemas/api/bank-update.json')!;

  /**
   * A bank update (onboarding spec sections 2, 4, 8): new holder name, account number and IFSC, sent with the
   * alternative token a verified OTP gave (scope update_bank_details, used once). Refused when it repeats the saved
   * details, when no attempt is left or the gap since the last update has not passed (claimed atomically); else the
   * new details are pending verification with a new test deposit, settlements wait `settlementHoldHours`, and a change
   * of details that were already verified is marked for an addendum (accepted in the agreement issue's addendum flow).
   */
  async function updateBank(userId: string, merchantId: string, token: string, body: { bank_detail: Record<string, unknown> }) {
    const now = clock.now();
    const record = await db.transaction(async (tx) => {
      const { record: stored } = await actingMembership(tx, userId, merchantId, STEP, true);
      const saved = stored.bank_detail as Record<string, unknown> | null | undefined;
      if (!saved) throw apiError('STEP_LOCKED');
      const candidate = { bank_detail: step!.normalize(body.bank_detail ?? {}) };
      if (!validateUpdate(candidate)) throw validationError(toFieldErrors(validateUpdate.errors));
      const next = candidate.bank_detail as { holder_name: string; bank_account_number: string; ifsc_code: string };
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
      const input: BankDetailInput = {
        business_registered: true,
        business_entity_id: stored.business_entity_id as number,
        business_name: (stored.business_name as string | null | undefined) ?? undefined,
        pancard_name: stored.pancard_name as string,
        holder_name: next.holder_name,
        bank_account_number: next.bank_account_number,
        ifsc_code: next.ifsc_code,
      };
      const skipped = evaluateStatus(withBankDetail(stored, input, false), rulesConfig).pennyVerificationSkipped === true;
      const withNew = withBankDetail(stored, input, !skipped);
      const wasVerified = saved.bank_verification_status === 'verified';
      const updated = {
        ...withNew,
        // Verified details changed after approval: the agreement issue's addendum flow accepts the change.
        bank_detail: { ...(withNew.bank_detail as Record<string, unknown>), addendum_status: wasVerified ? 'pending' : null },
        settlement_hold_until: new Date(now.getTime() + config.bankUpdate.settlementHoldHours * 3600 * 1000).toISOString(),
      };
      await saveRecord(tx, updated, userId, 'bank.update', { previous: { holder_name: saved.holder_name, account_ending: String(saved.bank_account_number).slice(-4), ifsc_code: saved.ifsc_code }, timing: claim.timing });
      if (!skipped) await startPennyDeposit(tx, updated, now);
      return { updated, timing: claim.timing };
    });
    return { bank_detail: record.updated.bank_detail, merchant: record.updated, timing: record.timing };
  }
};

/** A time as merchants in India read it: "24 Nov 2026, 3:30 pm IST". */
export function indianTime(iso: string | null): string {
  if (!iso) return '';
  return `${new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })} IST`;
}
