import type { FastifyPluginAsync } from 'fastify';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { validationError } from '../errors';
import { bodyKindFor, bodyKindsOf, noKindError } from '../merchants/updates/bodyKinds';
import { loadMembership, saveRecord } from '../merchants/store';
import { listMemberships } from '../merchants/listMemberships';
import { editableMembership, profileEditor } from '../merchants/editableMembership';
import { displayNameSuggestions } from '../merchants/displayNameSuggestions';
import { DISPLAY_NAME_SCHEMA } from '../merchants/updates/displayName';
import type { Queryable } from '../db/database';
import { STEP_UPDATES } from '../merchants/updates';
import { addendumNeeded, proposeAddendum } from '../addenda/addenda';
import { checkStepBody } from '../merchants/checkStepBody';
import { compiledStep } from '../../rules/steps/compiledSteps';

/** Merchant calls: list, read, the step updates of PUT /merchants/{uuid}, and the display name's suggestions. */
export const merchantRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, providers } = ctx;
  app.addHook('onRequest', authenticate(db));
  const bodyKinds = bodyKindsOf(ajv, STEP_UPDATES);

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

  /** The names the merchant's store and payment page may show (schemas/now/display-name.json#/$defs/suggestions). */
  app.get<{ Params: { id: string } }>('/merchants/:id/fetch_display_name', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const validName = ajv.getSchema(`${DISPLAY_NAME_SCHEMA}#/properties/display_name`);
    if (!validName) throw new Error('No schema for the display name');
    return { display_name: typeof record.display_name === 'string' ? record.display_name : null, suggestions: displayNameSuggestions(record, (name) => validName(name) === true) };
  });

  app.put<{ Params: { id: string }; Body: { merchant: Record<string, unknown> } }>(
    '/merchants/:id',
    { schema: { body: { $ref: 'https://onboarding.local/schemas/api/merchant-update.json' } } },
    async (request) => {
      const { userId } = currentUser(request);
      const data = request.body.merchant;
      const found = bodyKindFor(bodyKinds, data);
      if (!found) throw noKindError(bodyKinds, data);
      const { update, schemaId } = found.kind;
      // A step's fields change while its rules make it editable; a field outside the steps needs the permission only.
      const member = (queryable: Queryable, forUpdate: boolean) =>
        update.step ? editableMembership(queryable, userId, request.params.id, update.step, forUpdate) : profileEditor(queryable, userId, request.params.id, forUpdate);
      const { record: current } = await member(db, false);
      // A step with a definition is checked by it (its schema with `$context` from the record, its held fields).
      const step = update.step ? compiledStep(update.step) : undefined;
      let body = data;
      if (step) body = checkStepBody(ajv, step, current, data);
      else {
        const validate = ajv.getSchema(schemaId);
        if (!validate) throw new Error(`No schema ${schemaId}`);
        if (!validate(data)) throw validationError(toFieldErrors(validate.errors));
      }
      // A body of no kind, checked above as the closest kind's to say which field is missing or not accepted, is
      // refused even if that check passed (a schema that tolerates another key): nothing is stored by a guess.
      if (!found.exact) throw noKindError(bodyKinds, data);
      const prepared = await update.prepare(body, providers);

      const record = await db.transaction(async (tx) => {
        const membership = await member(tx, true);
        // Checked again against the record as it is now, locked: a provider call may have let it change.
        if (step) checkStepBody(ajv, step, membership.record, body);
        if (update.addendum && addendumNeeded(membership.record, update.addendum.source)) {
          return proposeAddendum(tx, ctx.files, membership.record, update.addendum.source, update.addendum.data(prepared), userId, ctx.clock.now());
        }
        const updated = update.apply(membership.record, prepared);
        await saveRecord(tx, updated, userId, update.step ? `step.${update.step}` : `merchant.${update.name}`, { body });
        return { record: updated, addendum: null };
      });
      return { merchant: record.record, addendum: record.addendum };
    },
  );
};
