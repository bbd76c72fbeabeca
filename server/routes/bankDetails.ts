import type { FastifyPluginAsync } from 'fastify';
import { evaluateStatus } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { withBankDetail, type BankDetailInput } from '../merchants/bankDetail';
import { checkStepBody } from '../merchants/checkStepBody';
import { editableMembership } from '../merchants/editableMembership';
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
  const { db, ajv, clock } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  app.addHook('preHandler', authenticate(db));

  app.post<{ Params: { id: string }; Body: { bank_detail: Record<string, unknown> } }>(
    '/merchants/:id/bank_details',
    { schema: { body: BODY } },
    async (request) => {
      const { userId } = currentUser(request);
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
};
