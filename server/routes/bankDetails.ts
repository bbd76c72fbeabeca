import type { FastifyPluginAsync } from 'fastify';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { emptyFieldErrors, toFieldErrors } from '../../schemas/fieldErrors';
import type { HeldFieldError } from '../../rules/steps/compileDefinition';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { validationError } from '../errors';
import { withBankDetail, type BankDetailInput } from '../merchants/bankDetail';
import { editableMembership } from '../merchants/editableMembership';
import { saveRecord, type MerchantRecord } from '../merchants/store';

const STEP = 'bank-details';

/** Held-field refusals as a 422 body's field errors, in the catalogue's words. */
function fieldErrorsOf(held: readonly HeldFieldError[]) {
  const errors = emptyFieldErrors();
  for (const { field, messageKey } of held) (errors[field] ??= []).push(message(messageKey));
  return errors;
}
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
 * stored record, and the fields its rules derive or make read-only held to their values. Stores a new pending bank detail.
 */
export const bankDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  app.addHook('preHandler', authenticate(db));

  /** The submitted fields, or a 422 with every field's error. */
  const checked = (record: MerchantRecord, sent: Record<string, unknown>): BankDetailInput => {
    const { $context: _ignored, ...fields } = sent;
    const validate = ajv.getSchema(step.definition.schema);
    if (!validate) throw new Error(`No schema ${step.definition.schema}`);
    if (!validate({ ...fields, $context: step.contextOf(record) })) throw validationError(toFieldErrors(validate.errors));
    const held = step.heldFieldErrors(fields, record);
    if (held.length > 0) throw validationError(fieldErrorsOf(held));
    return fields as unknown as BankDetailInput;
  };

  app.post<{ Params: { id: string }; Body: { bank_detail: Record<string, unknown> } }>(
    '/merchants/:id/bank_details',
    { schema: { body: BODY } },
    async (request) => {
      const { userId } = currentUser(request);
      const record = await db.transaction(async (tx) => {
        const { record: stored } = await editableMembership(tx, userId, request.params.id, STEP, true);
        const updated = withBankDetail(stored, checked(stored, request.body.bank_detail));
        await saveRecord(tx, updated, userId, `step.${STEP}`, { body: request.body });
        return updated;
      });
      return { bank_detail: record.bank_detail, merchant: record };
    },
  );
};
