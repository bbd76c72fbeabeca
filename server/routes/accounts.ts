import type { FastifyPluginAsync } from 'fastify';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { checkStepBody } from '../merchants/checkStepBody';
import { editableMembership } from '../merchants/editableMembership';
import { accountOf, withSigningAuthority, type SignatoryInput } from '../merchants/signingAuthority';
import type { SigningAuthorityBody } from '../../schemas/generated/stepBodies';
import { loadMembership, saveRecord, type MerchantRecord } from '../merchants/store';

const STEP = 'signing-authority';

interface AccountUpdateBody {
  merchant_uuid: string;
  account: { signatory_contact_details_attributes: Array<Record<string, unknown>> };
}

/** The merchant's account when its uuid is `accountId`; 404 otherwise (an account of another merchant is not found). */
function accountMatching(record: MerchantRecord, accountId: string) {
  const account = accountOf(record);
  if (!account || account.uuid !== accountId) throw apiError('NOT_FOUND');
  return account;
}

/**
 * The merchant's account and its signing authority (onboarding spec section 7): create the account once the PAN is
 * verified, read it, set the signing authority with PUT /accounts/{id}, and the company registry's lookups: the
 * signatories of a CIN, the companies of the PAN's name and the registered office of a CIN.
 */
export const accountRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv } = ctx;
  app.addHook('onRequest', authenticate(db));

  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition ${STEP}`);
  /** Checks a signatory by the step definition (its schema with $context from the stored record); the 422 errors or the input. */
  const checkedSignatory = (record: MerchantRecord, sent: Record<string, unknown>): SignatoryInput => {
    const { id, ...rest } = sent;
    if (id !== undefined && !Number.isInteger(id)) throw validationError({ id: [message('validation.unexpected')] });
    const fields = checkStepBody<SigningAuthorityBody>(ajv, step, record, rest);
    return { ...fields, ...(typeof id === 'number' ? { id } : {}) };
  };

  app.post<{ Params: { id: string }; Body: { cin: string } }>(
    '/dvs_wrapper/:id/signing_authority_details',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/cin-signatories.json' } } },
    async (request) => {
      await loadMembership(db, currentUser(request).userId, request.params.id);
      return { signatories_details: await ctx.providers.companyRegistry.signatories(request.body.cin) };
    },
  );

  /**
   * The companies the registry lists under the merchant's verified PAN name (MCA company search by name), so the
   * signing authority step offers the CIN instead of asking for it; none before the PAN is verified.
   */
  app.get<{ Params: { id: string } }>('/dvs_wrapper/:id/registered_companies', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const name = record.pan_verification_status === 'verified' && typeof record.pancard_name === 'string' ? record.pancard_name : '';
    return { companies: name ? await ctx.providers.companyRegistry.companiesNamed(name) : [] };
  });

  /** The registry's master data of a CIN or LLPIN: its registered office (a 422 on the CIN when the registry has none). */
  app.post<{ Params: { id: string }; Body: { cin: string } }>(
    '/dvs_wrapper/:id/company_details',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/cin-signatories.json' } } },
    async (request) => {
      await loadMembership(db, currentUser(request).userId, request.params.id);
      const office = await ctx.providers.companyRegistry.registeredOffice(request.body.cin);
      if (!office) throw validationError({ cin: [message('registry.cin.notFound')] });
      return { company_detail: { cin: request.body.cin, registered_address: office } };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { merchant_uuid?: string } }>('/accounts/:id', async (request) => {
    const merchantUuid = request.query.merchant_uuid;
    if (!merchantUuid) throw apiError('NOT_FOUND');
    const { record } = await loadMembership(db, currentUser(request).userId, merchantUuid);
    return { account: accountMatching(record, request.params.id) };
  });

  app.put<{ Params: { id: string }; Body: AccountUpdateBody }>(
    '/accounts/:id',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/account-update.json' } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { merchant_uuid: merchantUuid, account } = request.body;
      const [sent] = account.signatory_contact_details_attributes;
      const { record } = await editableMembership(db, userId, merchantUuid, STEP);
      accountMatching(record, request.params.id);
      checkedSignatory(record, sent!);

      const updated = await db.transaction(async (tx) => {
        const membership = await editableMembership(tx, userId, merchantUuid, STEP, true);
        accountMatching(membership.record, request.params.id);
        const next = withSigningAuthority(membership.record, checkedSignatory(membership.record, sent!));
        await saveRecord(tx, next, userId, `step.${STEP}`, { body: request.body });
        return next;
      });
      return { account: accountOf(updated), merchant: updated };
    },
  );
};
