import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { compiledStep } from '../../rules/steps/compiledSteps';
import { addendumNeeded, proposeAddendum } from '../addenda/addenda';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { apiError, validationError } from '../errors';
import { useAlternativeToken } from '../merchants/bankUpdate';
import { checkStepBody } from '../merchants/checkStepBody';
import { actingMembership, editableMembership } from '../merchants/editableMembership';
import { isUuid } from '../merchants/parseIds';
import { listMerchants, saveRecord, type MerchantRecord } from '../merchants/store';
import type { WebsiteDetailsBody } from '../../schemas/generated/stepBodies';
import { message } from '../../schemas/messages';

const STEP = 'website-details';
/** The bodies of these calls (schemas/api/website.json). */
const API = 'https://onboarding.local/schemas/api/website.json';
const URL_FIELDS = ['website_url', 'android_url', 'ios_url'] as const;

/** The most comments one website's thread holds (the spec gives no number). */
export const MAX_COMMENTS = 50;

/** One comment of a website's thread (schemas/records/merchant.json websiteDetail.comments). */
export interface WebsiteComment {
  id: number;
  comment: string;
  commenter: 'merchant' | 'reviewer';
  created_at: string;
}

/** The thread with a comment added (ids count up). */
export function withComment(comments: readonly WebsiteComment[], comment: string, commenter: WebsiteComment['commenter'], now: Date): WebsiteComment[] {
  const id = comments.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
  return [...comments, { id, comment, commenter, created_at: now.toISOString() }];
}

/** A website detail with nothing sent yet (the record's shape: schemas/records/merchant.json websiteDetail). */
export function emptyWebsiteDetail(): NonNullable<MerchantRecord['website_detail']> {
  return {
    uuid: randomUUID(),
    website_url: null,
    android_url: null,
    ios_url: null,
    website_url_invalid: false,
    android_url_invalid: false,
    ios_url_invalid: false,
    website_approval_status: null,
    liveliness_status: null,
    domain_status_by_merchant: null,
    addendum_status: null,
    comments: [],
    file: null,
    req_doc_category: null,
    website_document_categories: [],
  };
}

/**
 * Website details (onboarding spec sections 3, 4, 7): POST /merchants/{id}/website_details sends the integration type
 * and, for the merchant's own website or app, its addresses, checked by the step definition
 * (schemas/steps/website-details.step.json) as the form checks them. Addresses need the alternative token of a verified
 * OTP (scope update_website_details, used once, in the same transaction); the liveliness check then looks at the
 * website and the review starts (Pending). PUT /website_details/{uuid}/domain_status records whether the merchant says
 * the domain is active.
 */
export const websiteRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, clock } = ctx;
  app.addHook('onRequest', authenticate(db));

  const changeWebsite = websiteChanger(ctx);
  app.post<{ Params: { id: string }; Body: { website_detail: Record<string, unknown> } }>(
    '/merchants/:id/website_details',
    { schema: { body: { $ref: `${API}#/$defs/websiteDetails` } } },
    async (request) => {
      const token = request.headers['alternative-token'];
      return changeWebsite(currentUser(request).userId, request.params.id, typeof token === 'string' ? token : null, request.body.website_detail);
    },
  );

  app.put<{ Params: { uuid: string }; Body: { domain_status_by_merchant: 'active' | 'inactive' } }>(
    '/website_details/:uuid/domain_status',
    { schema: { body: { $ref: `${API}#/$defs/domainStatus` } } },
    async (request) => {
      const { userId } = currentUser(request);
      if (!isUuid(request.params.uuid)) throw apiError('NOT_FOUND');
      const owner = (await listMerchants(db, userId)).find((merchant) => (merchant.website_detail as { uuid?: string } | null)?.uuid === request.params.uuid);
      if (!owner) throw apiError('NOT_FOUND');
      const record = await db.transaction(async (tx) => {
        const { record: stored } = await actingMembership(tx, userId, owner.uuid, STEP, true);
        const detail = stored.website_detail;
        if (!detail || detail.uuid !== request.params.uuid || detail.liveliness_status == null) throw validationError({ domain_status_by_merchant: [message('website.domainStatus.notChecked')] });
        const updated: MerchantRecord = { ...stored, website_detail: { ...detail, domain_status_by_merchant: request.body.domain_status_by_merchant } };
        await saveRecord(tx, updated, userId, 'website.domain_status', { domain_status_by_merchant: request.body.domain_status_by_merchant });
        return updated;
      });
      return { website_detail: record.website_detail, merchant: record };
    },
  );

  /**
   * The merchant's reply in the website's comment thread (onboarding spec sections 2, 7): at most
   * {@link MAX_COMMENTS} comments a website, counted with the record locked, so concurrent replies cannot pass it.
   */
  app.post<{ Params: { uuid: string }; Body: { comment: { comment: string } } }>(
    '/website_details/:uuid/comments',
    { schema: { body: { $ref: `${API}#/$defs/comment` } } },
    async (request) => {
      const { userId } = currentUser(request);
      if (!isUuid(request.params.uuid)) throw apiError('NOT_FOUND');
      const text = request.body.comment.comment.trim();
      if (!text) throw validationError({ comment: [message('validation.required')] });
      const owner = (await listMerchants(db, userId)).find((merchant) => (merchant.website_detail as { uuid?: string } | null)?.uuid === request.params.uuid);
      if (!owner) throw apiError('NOT_FOUND');
      const record = await db.transaction(async (tx) => {
        const { record: stored } = await actingMembership(tx, userId, owner.uuid, STEP, true);
        const detail = stored.website_detail;
        if (!detail || detail.uuid !== request.params.uuid) throw apiError('NOT_FOUND');
        if (detail.comments.length >= MAX_COMMENTS) throw validationError({ comment: [message('website.comments.tooMany', { max: MAX_COMMENTS })] });
        const updated: MerchantRecord = { ...stored, website_detail: { ...detail, comments: withComment(detail.comments, text, 'merchant', clock.now()) } };
        await saveRecord(tx, updated, userId, 'website.comment', { length: text.length });
        return updated;
      });
      return { message: message('website.comments.thanks'), website_detail: record.website_detail, merchant: record };
    },
  );
};

/**
 * Website details sent (the step's submit, or generate_addendum_data with source website_detail): checked by the
 * step definition; addresses need the alternative token of a verified OTP (used once, in the same transaction). Before
 * the website is approved (and before the agreement is generated) the record changes at once, the liveliness check
 * looks at the website and the review starts (Pending); after (rules/status.json websiteAddendumNeeded) the new
 * addresses become an addendum the merchant accepts and a reviewer approves (server/addenda).
 */
export function websiteChanger(ctx: AppContext) {
  const { db, ajv, providers, clock } = ctx;
  const step = compiledStep(STEP);
  if (!step) throw new Error(`No step definition for ${STEP}`);
  return async (userId: string, merchantId: string, token: string | null, websiteDetail: Record<string, unknown>) => {
    const { record: current } = await editableMembership(db, userId, merchantId, STEP, false);
    const body = checkStepBody<WebsiteDetailsBody>(ajv, step, current, websiteDetail);
    const scope = step.otpScopeFor(body, current);
    if (scope && token === null) throw apiError('OTP_TOKEN_INVALID');
    // Outside the transaction: a provider call may be slow, and holds no lock.
    const liveliness = typeof body.website_url === 'string' && !addendumNeeded(current, 'website_detail') ? await providers.website.liveliness(body.website_url) : null;

    const result = await db.transaction(async (tx) => {
      const { record: stored } = await editableMembership(tx, userId, merchantId, STEP, true);
      checkStepBody(ajv, step, stored, body);
      if (scope && !(await useAlternativeToken(tx, token as string, userId, stored.uuid, scope, clock.now()))) throw apiError('OTP_TOKEN_INVALID');
      const thirdParty = body.integration_type === 'THIRD_PARTY';
      const urls = Object.fromEntries(URL_FIELDS.map((field) => [field, thirdParty ? ((body[field] as string | undefined) ?? null) : null]));
      if (addendumNeeded(stored, 'website_detail')) return proposeAddendum(tx, ctx.files, stored, 'website_detail', { integration_type: body.integration_type, ...urls }, userId, clock.now());
      const previous = stored.website_detail ?? emptyWebsiteDetail();
      const website_detail: MerchantRecord['website_detail'] = {
        ...previous,
        ...urls,
        website_url_invalid: false,
        android_url_invalid: false,
        ios_url_invalid: false,
        website_approval_status: thirdParty ? 'Pending' : null,
        liveliness_status: liveliness,
        domain_status_by_merchant: null,
      };
      const updated: MerchantRecord = { ...stored, integration_type: body.integration_type, website_detail };
      await saveRecord(tx, updated, userId, `step.${STEP}`, { body, liveliness });
      return { record: updated, addendum: null };
    });
    return { website_detail: result.record.website_detail, merchant: result.record, addendum: result.addendum };
  };
}
