import type { FastifyPluginAsync } from 'fastify';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { aclPermissions } from '../../schemas/registry';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { hasPermission, listMerchants, loadMembership, saveRecord, type MerchantRecord } from '../merchants/store';
import { stepFlagsOf } from '../merchants/stepFlags';
import type { StepId } from '../../rules/evaluate';
import { applyPanDetails, type PanDetails } from '../merchants/updates/panDetails';

const stepSchemaId = (step: string) => `https://onboarding.local/schemas/steps/${step}.json`;

/** The kinds of body PUT /merchants/{uuid} takes, told apart by the key that names them. */
const UPDATE_VARIANTS: ReadonlyArray<{ step: StepId; key: string }> = [{ step: 'pan-details', key: 'pancard_number' }];

/** Merchant calls: list, read, and the step updates of PUT /merchants/{uuid}. */
export const merchantRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, providers } = ctx;
  app.addHook('preHandler', authenticate(db));

  app.get('/merchants', async (request) => {
    const merchants = await listMerchants(db, currentUser(request).userId);
    return {
      merchants: merchants.map((record) => ({
        uuid: record.uuid,
        mid: record.mid,
        name: record.name,
        pancard_number: record.pancard_number,
        merchant_statuses: record.merchant_statuses,
      })),
    };
  });

  app.get<{ Params: { id: string } }>('/merchants/:id', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    return { merchant: record };
  });

  app.put<{ Params: { id: string }; Body: { merchant: Record<string, unknown> } }>(
    '/merchants/:id',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/merchant-update.json' } } },
    async (request) => {
      const { userId } = currentUser(request);
      const data = request.body.merchant;
      const variant = UPDATE_VARIANTS.find(({ key }) => key in data);
      if (!variant) throw validationError({ base: [message('validation.unexpected')] });

      const validate = ajv.getSchema(stepSchemaId(variant.step));
      if (!validate) throw new Error(`No schema for step ${variant.step}`);
      if (!validate(data)) throw validationError(toFieldErrors(validate.errors));

      const record = await db.transaction(async (tx) => {
        const membership = await loadMembership(tx, userId, request.params.id, true);
        if (!hasPermission(membership, ...aclPermissions.profile_edit)) throw apiError('FORBIDDEN');
        const flags = stepFlagsOf(membership.record, variant.step);
        if (flags.locked || !flags.editable) throw apiError('STEP_LOCKED');
        const updated: MerchantRecord = await applyPanDetails(membership.record, data as unknown as PanDetails, providers.pan);
        await saveRecord(tx, updated, userId, `step.${variant.step}`, { body: data });
        return updated;
      });
      return { merchant: record };
    },
  );
};
