import type { FastifyPluginAsync } from 'fastify';
import { registeredValidator } from '../../schemas/ajv';
import { emptyFieldErrors, toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import type { FieldErrors } from '../../schemas/types';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { editableMembership } from '../merchants/editableMembership';
import { kycContextOf } from '../merchants/registeredAddress';
import { saveRecord, type MerchantRecord } from '../merchants/store';
import { addendumNeeded, proposeAddendum } from '../addenda/addenda';
import { addressesToStore, addressesUpdate, pincodeMismatches, type AddressDetails } from '../merchants/updates/addresses';
import { pincodeDetail } from '../reference/pincodes';

const KYC_SCHEMA = 'https://onboarding.local/schemas/steps/kyc.json';
/** The address payload's names (spec section 3, Address payload) and the KYC step's. */
const PAYLOAD_NAMES = new Map([
  ['Registered', 'registration_address'],
  ['Operating', 'operating_address'],
]);

/** Errors about registration_address/operating_address renamed to the payload's Registered/Operating. */
function inPayloadNames(errors: FieldErrors): FieldErrors {
  const renamed = emptyFieldErrors();
  for (const [field, messages] of Object.entries(errors)) {
    const entry = [...PAYLOAD_NAMES].find(([, stepName]) => field === stepName || field.startsWith(`${stepName}.`));
    renamed[entry ? entry[0] + field.slice(entry[1].length) : field] = messages;
  }
  return renamed;
}

/**
 * Addresses (the step's names) checked by the KYC step's schema, with `$context` projected from the record, never the
 * client's: the registered address a business may not take from its signatory is refused. Without a record (the
 * acceptance of an addendum, whose data was checked when it was proposed) the schema alone. Answers them typed, or
 * throws the 422 in the payload's names.
 */
function checkedBySchema(ctx: AppContext, data: Record<string, unknown>, record: MerchantRecord | null): AddressDetails {
  const validate = registeredValidator<AddressDetails>(ctx.ajv, KYC_SCHEMA);
  const { $context: _ignored, ...fields } = data;
  const candidate: unknown = { ...fields, ...(record ? { $context: kycContextOf(record) } : {}) };
  if (!validate(candidate)) throw validationError(inPayloadNames(toFieldErrors(validate.errors)));
  return candidate;
}

/**
 * The address payload (spec section 3: Registered and Operating) checked as the KYC step checks its addresses: its
 * schema (with the record's context), then city and state against the pincode; a 422 names the payload's fields.
 */
export async function checkAddressPayload(ctx: AppContext, body: Record<string, unknown>, record: MerchantRecord | null): Promise<AddressDetails> {
  const data = checkedBySchema(ctx, Object.fromEntries(Object.entries(body).map(([key, value]) => [PAYLOAD_NAMES.get(key) ?? key, value])), record);
  const errors = await pincodeMismatches(data);
  if (Object.keys(errors).length > 0) throw validationError(inPayloadNames(errors));
  return addressesUpdate.prepare(data, ctx.providers);
}

/** The pincode lookup (master data) and PUT /merchants/{uuid}/addresses with Registered and Operating (onboarding spec section 7). */
export const addressRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.get<{ Params: { pin: string } }>('/pincode_details/:pin', async (request) => {
    if (!/^[1-9][0-9]{5}$/.test(request.params.pin)) throw validationError({ pincode: [message('validation.pincode')] });
    const detail = await pincodeDetail(request.params.pin);
    if (!detail) throw apiError('NOT_FOUND');
    return { pincode_detail: { pincode: request.params.pin, ...detail } };
  });

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>('/merchants/:id/addresses', async (request) => {
    const { userId } = currentUser(request);
    const body = request.body ?? {};
    const { record: current } = await editableMembership(db, userId, request.params.id, addressesUpdate.step);
    const prepared = await checkAddressPayload(ctx, body, current);

    const record = await db.transaction(async (tx) => {
      const membership = await editableMembership(tx, userId, request.params.id, addressesUpdate.step, true);
      // Checked again against the record as it is now, locked: an identity check may have changed it.
      checkedBySchema(ctx, { ...prepared }, membership.record);
      if (addendumNeeded(membership.record, 'address')) return proposeAddendum(tx, ctx.files, membership.record, 'address', { ...addressesToStore(prepared) }, userId, ctx.clock.now());
      const updated = addressesUpdate.apply(membership.record, prepared);
      await saveRecord(tx, updated, userId, `step.${addressesUpdate.step}`, { body });
      return { record: updated, addendum: null };
    });
    return { merchant: record.record, addendum: record.addendum };
  });
};
