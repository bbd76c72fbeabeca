import type { FastifyPluginAsync } from 'fastify';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { validationError } from '../errors';
import { loadMembership, saveRecord } from '../merchants/store';
import { listMemberships } from '../merchants/listMemberships';
import { editableMembership } from '../merchants/editableMembership';
import { STEP_UPDATES } from '../merchants/updates';
import { addendumNeeded, proposeAddendum } from '../addenda/addenda';
import { checkStepBody } from '../merchants/checkStepBody';
import { compiledStep } from '../../rules/steps/compiledSteps';

const stepSchemaId = (step: string) => `https://onboarding.local/schemas/steps/${step}.json`;


/** Merchant calls: list, read, and the step updates of PUT /merchants/{uuid}. */
export const merchantRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, providers } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.get('/merchants', async (request) => {
    const merchants = await listMemberships(db, currentUser(request).userId);
    return {
      merchants: merchants.map(({ record, roleName }) => ({
        uuid: record.uuid,
        mid: record.mid,
        name: record.name,
        pancard_number: record.pancard_number,
        merchant_statuses: record.merchant_statuses,
        // The user's role there: the merchant switcher shows it (/app/account/team-accounts).
        role_name: roleName,
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
      const update = STEP_UPDATES.find(({ key }) => key in data);
      if (!update) throw validationError({ base: [message('validation.unexpected')] });
      const { record: current } = await editableMembership(db, userId, request.params.id, update.step, false);
      // A step with a definition is checked by it (its schema with `$context` from the record, its held fields).
      const step = compiledStep(update.step);
      let body = data;
      if (step) body = checkStepBody(ajv, step, current, data);
      else {
        const validate = ajv.getSchema(stepSchemaId(update.step));
        if (!validate) throw new Error(`No schema for step ${update.step}`);
        if (!validate(data)) throw validationError(toFieldErrors(validate.errors));
      }
      const prepared = await update.prepare(body, providers);

      const record = await db.transaction(async (tx) => {
        const membership = await editableMembership(tx, userId, request.params.id, update.step, true);
        // Checked again against the record as it is now, locked: a provider call may have let it change.
        if (step) checkStepBody(ajv, step, membership.record, body);
        if (update.addendum && addendumNeeded(membership.record, update.addendum.source)) {
          return proposeAddendum(tx, membership.record, update.addendum.source, update.addendum.data(prepared), userId, ctx.clock.now());
        }
        const updated = update.apply(membership.record, prepared);
        await saveRecord(tx, updated, userId, `step.${update.step}`, { body });
        return { record: updated, addendum: null };
      });
      return { merchant: record.record, addendum: record.addendum };
    },
  );
};
