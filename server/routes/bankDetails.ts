import type { FastifyPluginAsync } from 'fastify';
import { bankFormContext, lockedEntityFields, type BankFormContext } from '../../schemas/bankFormContext';
import { holderNameFixed, holderNameFrom } from '../../schemas/bankFormUi';
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
/** The hint that says what a read-only holder name must match, by the field it is copied from. */
const HOLDER_NAME_HINTS: Record<string, string> = { pancard_name: 'bank.holderName.hint.pan', business_name: 'bank.holderName.hint.business' };

/**
 * The form shows a read-only holder name copied from the entity's source field (PAN name or business name); the
 * server holds the body to the same rule (letter case aside), so a client cannot send another name.
 */
function fixedHolderNameError(fields: Record<string, unknown>, context: BankFormContext): string | undefined {
  if (!holderNameFixed(context) || typeof fields.holder_name !== 'string') return undefined;
  const source = holderNameFrom(typeof fields.business_entity_id === 'number' ? fields.business_entity_id : undefined);
  const sent = fields[source];
  const expected = typeof sent === 'string' && sent !== '' ? sent : (context as unknown as Record<string, string | null>)[source];
  if (!expected || fields.holder_name.toUpperCase() === expected.toUpperCase()) return undefined;
  return message(HOLDER_NAME_HINTS[source] ?? 'bank.holderName.hint.pan');
}
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
    const context = bankFormContext(record);
    const errors: FieldErrors = validate({ ...fields, $context: context }) ? {} : toFieldErrors(validate.errors);
    for (const field of lockedEntityFields(record)) {
      const stored = storedEntityValue(record, field);
      if (stored !== undefined && fields[field] !== stored && !errors[field]) errors[field] = [message('bank.entity.readOnly')];
    }
    const holderError = fixedHolderNameError(fields, context);
    const source = holderNameFrom(typeof fields.business_entity_id === 'number' ? fields.business_entity_id : undefined);
    if (holderError && !errors.holder_name && !errors[source]) errors.holder_name = [holderError];
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
