import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { AGREEMENT_DETAILS, agreementBlocker, agreementRequest, queueAgreement, withAgreementStatus } from '../agreements/agreements';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { listDocuments, recordDocumentEvent, type KycDocumentOut } from '../documents/kycDocuments';
import type { DocumentCatalogue } from '../documents/requirementsSource';
import { ApiError, apiError } from '../errors';
import { actingMembership } from '../merchants/editableMembership';
import { isUuid } from '../merchants/parseIds';
import { hasPermission, loadMembership, saveRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';

const STEP = 'service-agreement';

/** The merchant's agreement in force (a KYC document of type Agreement), or null. */
async function activeAgreement(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string): Promise<KycDocumentOut | null> {
  const documents = await listDocuments(db, catalogue, merchantUuid, { kycDocumentType: ['Agreement'] });
  return documents.filter((document) => document.active).at(-1) ?? null;
}

/**
 * The service agreement (onboarding spec sections 2, 4, 7): POST generate_agreement queues its generation (a job,
 * server/agreements/agreements.ts) once the business details and the website allow it; GET generate_agreement says
 * how it is going (the loader, the RETRY and CONTACT US dialogs read it); the HTML read in the acceptance frame;
 * POST accept_service_agreement records the acceptance (update_user_profile only).
 */
export const agreementRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, clock, requirements } = ctx;
  app.addHook('preHandler', authenticate(db));

  app.post<{ Params: { id: string } }>('/merchants/:id/generate_agreement', async (request, reply) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, STEP);
    const { catalogue } = await requirements.forMerchant(record.uuid);
    const existing = await activeAgreement(db, catalogue, record.uuid);
    if (existing) return { generation: { status: 'done', failures: 0 }, kyc_document: existing };
    const blocker = agreementBlocker(record);
    if (blocker && 'details' in blocker) {
      throw new ApiError(422, { errors: Object.fromEntries(blocker.details.map((field) => [field, [message('validation.required')]])), details_required: AGREEMENT_DETAILS });
    }
    if (blocker) throw new ApiError(409, { error: message('agreement.websiteRequired') });
    await db.transaction((tx) => queueAgreement(tx, record.uuid, userId, clock.now()));
    return reply.code(202).send({ generation: await agreementRequest(db, record.uuid), kyc_document: null });
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/generate_agreement', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const { catalogue } = await requirements.forMerchant(record.uuid);
    return { generation: await agreementRequest(db, record.uuid), kyc_document: await activeAgreement(db, catalogue, record.uuid) };
  });

  /**
   * The agreement's HTML for the acceptance frame, as it was generated (the merchant's data escaped). Served as a
   * document that may run nothing and load nothing: a CSP of its own (`default-src 'none'`, inline styles only,
   * `sandbox`), whatever frame shows it.
   */
  app.get<{ Params: { id: string } }>('/kyc_document/:id/generated_agreement_html', async (request, reply) => {
    if (!isUuid(request.params.id)) throw apiError('NOT_FOUND');
    const [row] = await db.query<{ merchant_uuid: string; html: string }>('select merchant_uuid, html from service_agreements where kyc_document_uuid = $1', [request.params.id]);
    if (!row) throw apiError('NOT_FOUND');
    await loadMembership(db, currentUser(request).userId, row.merchant_uuid);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('x-content-type-options', 'nosniff')
      .send(row.html);
  });

  app.post<{ Params: { id: string } }>('/merchants/:id/accept_service_agreement', async (request) => {
    const { userId } = currentUser(request);
    const membership = await actingMembership(db, userId, request.params.id, STEP);
    // The spec: accepting needs update_user_profile itself (update_profile_restricted edits documents, not this).
    if (!hasPermission(membership, 'update_user_profile')) throw apiError('FORBIDDEN');
    const { catalogue } = await requirements.forMerchant(membership.record.uuid);
    const record = await db.transaction(async (tx) => {
      const { record: stored } = await actingMembership(tx, userId, request.params.id, STEP, true);
      const agreement = await activeAgreement(tx, catalogue, stored.uuid);
      if (!agreement) throw apiError('AGREEMENT_NOT_GENERATED');
      if (agreement.status !== 'Pending') return stored;
      const now = clock.now();
      await tx.query(`update kyc_documents set status = 'accepted', updated_at = $2 where uuid = $1`, [agreement.uuid, now]);
      await tx.query('update service_agreements set accepted_at = $2, accepted_by = $3 where kyc_document_uuid = $1', [agreement.uuid, now, userId]);
      await recordDocumentEvent(tx, stored.uuid, agreement.uuid, { userId, actor: 'merchant' }, 'agreement.accepted', {});
      const updated = withAgreementStatus(stored, 'accepted');
      await saveRecord(tx, updated, userId, 'agreement.accepted', { kyc_document_uuid: agreement.uuid });
      await notifyProfile(tx, stored.uuid, { agreement_status: 'accepted' });
      return updated;
    });
    return { merchant: record };
  });
};
