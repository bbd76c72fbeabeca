import type { FastifyPluginAsync } from 'fastify';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { message } from '../../schemas/messages';
import { acceptAddendum, addendumNeeded, decideAddendum, latestAddenda, proposeAddendum, stepOfSource, type AddendumSource } from '../addenda/addenda';
import { authenticate, currentUser } from '../auth/authenticate';
import { REVIEW_ROLES, staffRoleOf } from '../auth/staff';
import type { AppContext } from '../context';
import { apiError } from '../errors';
import { checkStepBody } from '../merchants/checkStepBody';
import { actingMembership, editableMembership } from '../merchants/editableMembership';
import { isUuid } from '../merchants/parseIds';
import { hasPermission, loadMembership, saveRecord, type MerchantRecord } from '../merchants/store';
import { addressesToStore } from '../merchants/updates/addresses';
import { checkAddressPayload } from './addresses';
import { bankChanger } from './bankDetails';
import type { GstUpdateBody } from '../../schemas/generated/stepBodies';
import { websiteChanger } from './website';

const API = 'https://onboarding.local/schemas/api/addenda.json';
const OPS_API = 'https://onboarding.local/schemas/api/ops.json';
const GST_STEP = 'gst-update';
/**
 * Addenda (onboarding spec section 7; server/addenda): the merchant's addenda (GET), a change made an addendum
 * (PUT generate_addendum_data, for every source; the step routes make one themselves when the rules say so), the
 * merchant's acceptance (POST accept_addendum, update_user_profile as for the agreement) and the reviewer's decision
 * (POST ops/addenda/{id}/review). PUT update_gst_details changes the GST number, or makes it an addendum once the
 * agreement is generated.
 */
export const addendaRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, ajv, clock, config } = ctx;
  app.addHook('onRequest', authenticate(db));
  const changeBank = bankChanger(ctx);
  const changeWebsite = websiteChanger(ctx);
  const gstStep = compiledStep(GST_STEP);
  if (!gstStep) throw new Error(`No step definition ${GST_STEP}`);

  app.get<{ Params: { id: string } }>('/merchants/:id/addenda', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    return { addenda: await latestAddenda(db, record.uuid) };
  });

  /** A change that must wait for an addendum is one; any other is refused (it is saved on its step). */
  const propose = async (userId: string, merchantId: string, source: AddendumSource, data: Record<string, unknown>) =>
    db.transaction(async (tx) => {
      const { record } = await actingMembership(tx, userId, merchantId, stepOfSource(source), true);
      if (!addendumNeeded(record, source)) throw apiError('ADDENDUM_NOT_NEEDED');
      return proposeAddendum(tx, ctx.files, record, source, data, userId, clock.now());
    });

  app.put<{ Params: { id: string }; Body: { source: AddendumSource; new_data: Record<string, unknown> } }>(
    '/merchants/:id/generate_addendum_data',
    { schema: { body: { $ref: `${API}#/$defs/generate` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { id } = request.params;
      const { source, new_data } = request.body;
      const token = request.headers['alternative-token'];
      const alternativeToken = typeof token === 'string' ? token : null;
      const { record: current } = await actingMembership(db, userId, id, stepOfSource(source));
      if (!addendumNeeded(current, source)) throw apiError('ADDENDUM_NOT_NEEDED');
      // Each source's new data is checked, and needs the OTP, as its own step's change does.
      if (source === 'bank') {
        if (!alternativeToken) throw apiError('OTP_TOKEN_INVALID');
        return changeBank(userId, id, alternativeToken, new_data);
      }
      if (source === 'website_detail') return changeWebsite(userId, id, alternativeToken, { integration_type: 'THIRD_PARTY', ...new_data });
      if (source === 'address') {
        const data = addressesToStore(await checkAddressPayload(ctx, new_data, current));
        const { record, addendum } = await propose(userId, id, 'address', { ...data });
        return { merchant: record, addendum };
      }
      const checked = checkStepBody<GstUpdateBody>(ajv, gstStep, current, new_data);
      const { record, addendum } = await propose(userId, id, 'gst', { gst_number: checked.gst_number });
      return { merchant: record, addendum };
    },
  );

  app.post<{ Params: { id: string }; Body: { source: AddendumSource; new_address?: Record<string, unknown> } }>(
    '/merchants/:id/accept_addendum',
    { schema: { body: { $ref: `${API}#/$defs/accept` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { source, new_address } = request.body;
      const expected = source === 'address' && new_address ? addressesToStore(await checkAddressPayload(ctx, new_address, null)) : undefined;
      const { record, addendum } = await db.transaction(async (tx) => {
        const membership = await loadMembership(tx, userId, request.params.id, true);
        // As accepting the agreement: update_user_profile itself.
        if (!hasPermission(membership, 'update_user_profile')) throw apiError('FORBIDDEN');
        return acceptAddendum(tx, membership.record, source, userId, clock.now(), expected && { ...expected });
      });
      return { merchant: record, addendum };
    },
  );

  /**
   * The GST number (spec sections 7, 8: "GST number updated"; a refusal names gst_number), checked by the GST update
   * step (format, check character, the merchant's PAN inside it). After the agreement is generated it is an addendum.
   */
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/merchants/:id/update_gst_details',
    { schema: { body: { $ref: `${API}#/$defs/gstUpdate` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { record: current } = await actingMembership(db, userId, request.params.id, 'business-details');
      const { gst_number } = checkStepBody<GstUpdateBody>(ajv, gstStep, current, request.body);
      const result = await db.transaction(async (tx) => {
        const { record: stored } = await actingMembership(tx, userId, request.params.id, 'business-details', true);
        checkStepBody(ajv, gstStep, stored, request.body);
        if (addendumNeeded(stored, 'gst')) return proposeAddendum(tx, ctx.files, stored, 'gst', { gst_number }, userId, clock.now());
        // Before the agreement: the business details step's own rules (editable) apply to its GST number.
        await editableMembership(tx, userId, request.params.id, 'business-details', true);
        const updated: MerchantRecord = { ...stored, gst_number };
        await saveRecord(tx, updated, userId, 'gst.updated', { gst_number });
        return { record: updated, addendum: null };
      });
      return { message: result.addendum ? null : message('gst.updated'), merchant: result.record, addendum: result.addendum };
    },
  );

  app.post<{ Params: { id: string }; Body: { status: 'Approved' | 'Declined'; remarks?: string | null } }>(
    '/ops/addenda/:id/review',
    { schema: { body: { $ref: `${OPS_API}#/$defs/bankProofReview` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const role = await staffRoleOf(db, userId);
      if (!role || !REVIEW_ROLES.includes(role)) throw apiError('FORBIDDEN');
      if (!isUuid(request.params.id)) throw apiError('NOT_FOUND');
      const approved = request.body.status === 'Approved';
      const { record, addendum } = await db.transaction((tx) =>
        decideAddendum(tx, request.params.id, approved, approved ? null : (request.body.remarks ?? '').trim(), userId, {
          settlementHoldHours: config.bankUpdate.settlementHoldHours,
          now: clock.now(),
          ajv,
        }),
      );
      return { merchant: record, addendum };
    },
  );
};
