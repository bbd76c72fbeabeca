import type { FastifyPluginAsync } from 'fastify';
import { bankFormContext, lockedEntityFields } from '../../schemas/bankFormContext';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import type { FieldErrors } from '../../schemas/types';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { validationError } from '../errors';
import { withBankDetail, type BankDetailInput } from '../merchants/bankDetail';
import { editableMembership } from '../merchants/editableMembership';
import { saveRecord, type MerchantRecord } from '../merchants/store';

const STEP = 'bank-details';
const BANK_DETAILS_SCHEMA = 'https://onboarding.local/schemas/steps/bank-details.json';
const BODY = {
  type: 'object',
  required: ['bank_detail'],
  properties: { bank_detail: { type: 'object' } },
  additionalProperties: false,
  errorMessage: { required: 'validation.required' },
};

/** The stored value of an entity field, as the form sends it (business_registered: any entity but Individual). */
function storedEntityValue(record: MerchantRecord, field: string): unknown {
  if (field === 'business_registered') return record.business_entity_id == null ? undefined : record.business_entity_id !== 1;
  return record[field] ?? undefined;
}

/**
 * The bank form (onboarding spec sections 2 and 7): POST /merchants/{id}/bank_details with `bank_detail` validated by
 * schemas/steps/bank-details.json with `$context` from the stored record; stores a new pending bank detail.
 */
export const bankDetailsRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv } = ctx;
  app.addHook('preHandler', authenticate(db));

  /** The submitted fields, or a 422 with every field's error. */
  const checked = (record: MerchantRecord, sent: Record<string, unknown>): BankDetailInput => {
    const { $context: _ignored, ...fields } = sent;
    const validate = ajv.getSchema(BANK_DETAILS_SCHEMA);
    if (!validate) throw new Error(`No schema ${BANK_DETAILS_SCHEMA}`);
    const errors: FieldErrors = validate({ ...fields, $context: bankFormContext(record) }) ? {} : toFieldErrors(validate.errors);
    for (const field of lockedEntityFields(record)) {
      const stored = storedEntityValue(record, field);
      if (stored !== undefined && fields[field] !== stored && !errors[field]) errors[field] = [message('bank.entity.readOnly')];
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
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
