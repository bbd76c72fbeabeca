import type { FastifyPluginAsync } from 'fastify';
import { message } from '../../schemas/messages';
import { AGREEMENT_DETAILS, agreementBlocker, agreementRequest, queueAgreement, withAgreementStatus } from '../agreements/agreements';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { recordDocumentEvent, type KycDocumentOut } from '../documents/kycDocuments';
import type { DocumentCatalogue } from '../documents/requirementsSource';
import { ApiError, apiError } from '../errors';
import { actingMembership } from '../merchants/editableMembership';
import { isUuid } from '../merchants/parseIds';
import { hasPermission, loadMembership, saveRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';
import { checkOtp, issueOtp, OTP_POLICY, otpRefusal } from '../auth/otp';
import { issueAlternativeToken, useAlternativeToken } from '../merchants/bankUpdate';
import { GENERATED } from '../documents/generatedDocuments';
import { openFile, saveFile } from '../files/fileStore';
import { maskEmail, mergedForEsign, sha256Hex, signedWithPage } from '../agreements/esign';
import { documentsShown, documentsToSign, esignableDocuments, signWithAgreement } from '../agreements/esignedDocuments';
import type { Membership } from '../merchants/store';
import { signedCopyOffer } from '../agreements/signedCopy';
import { signerOf } from '../agreements/signerOf';
import {
  activeAgreement,
  agreementFileOf,
  agreementPdfFileOf,
  generatedAgreementHtml,
  keepMergedFile,
  mergedFileOf,
  merchantUuidOfAgreement,
  recordAgreementAcceptance,
  recordAgreementSignature,
} from '../agreements/agreementDocuments';

const STEP = 'service-agreement';
/** The bodies of the e-sign calls (schemas/api/agreement.json). */
const API = 'https://onboarding.local/schemas/api/agreement.json';
/** The one-use token a verified signatory OTP gives, which esign_merged_document takes. */
const ESIGN_SCOPE = 'esign_agreement';
const esignPurpose = (documentUuid: string) => `esign:${documentUuid}`;

/**
 * The service agreement (onboarding spec sections 2, 4, 7): POST generate_agreement queues its generation (a job,
 * server/agreements/agreements.ts) once the business details and the website allow it; GET generate_agreement says
 * how it is going (the loader, the RETRY and CONTACT US dialogs read it), with the agreement's file to sign on paper and
 * whether a signed copy may be uploaded in its place (server/agreements/signedCopy.ts); the HTML read in the acceptance frame;
 * POST accept_service_agreement records the acceptance (update_user_profile only).
 */
export const agreementRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, clock, requirements, providers } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.post<{ Params: { id: string } }>('/merchants/:id/generate_agreement', async (request, reply) => {
    const { userId } = currentUser(request);
    const { record } = await actingMembership(db, userId, request.params.id, STEP);
    const { catalogue } = await requirements.forMerchant(record.uuid);
    const existing = await activeAgreement(db, catalogue, record.uuid);
    if (existing) {
      return { generation: { status: 'done', failures: 0 }, kyc_document: existing, agreement_file: await agreementFileOf(db, record.uuid), signed_copy: await signedCopyOffer(db, record, catalogue) };
    }
    const blocker = agreementBlocker(record);
    if (blocker && 'details' in blocker) {
      throw new ApiError(422, { errors: Object.fromEntries(blocker.details.map((field) => [field, [message('validation.required')]])), details_required: AGREEMENT_DETAILS });
    }
    if (blocker) throw new ApiError(409, { error: message('agreement.websiteRequired') });
    await db.transaction((tx) => queueAgreement(tx, record.uuid, userId, clock.now()));
    return reply.code(202).send({ generation: await agreementRequest(db, record.uuid), kyc_document: null, agreement_file: null, signed_copy: await signedCopyOffer(db, record, catalogue) });
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/generate_agreement', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const { catalogue } = await requirements.forMerchant(record.uuid);
    return {
      generation: await agreementRequest(db, record.uuid),
      kyc_document: await activeAgreement(db, catalogue, record.uuid),
      agreement_file: await agreementFileOf(db, record.uuid),
      signed_copy: await signedCopyOffer(db, record, catalogue),
    };
  });

  /**
   * The agreement's HTML for the acceptance frame, as it was generated (the merchant's data escaped). Served as a
   * document that may run nothing and load nothing: a CSP of its own (`default-src 'none'`, inline styles only,
   * `sandbox`), whatever frame shows it.
   */
  app.get<{ Params: { id: string } }>('/kyc_document/:id/generated_agreement_html', async (request, reply) => {
    if (!isUuid(request.params.id)) throw apiError('NOT_FOUND');
    const row = await generatedAgreementHtml(db, request.params.id);
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
      await recordAgreementAcceptance(tx, agreement.uuid, userId, now);
      await recordDocumentEvent(tx, stored.uuid, agreement.uuid, { userId, actor: 'merchant' }, 'agreement.accepted', {});
      const updated = withAgreementStatus(stored, 'accepted');
      await saveRecord(tx, updated, userId, 'agreement.accepted', { kyc_document_uuid: agreement.uuid });
      await notifyProfile(tx, stored.uuid, { agreement_status: 'accepted' });
      return updated;
    });
    return { merchant: record };
  });

  /**
   * The caller may sign for the merchant (as accepting: update_user_profile), and the agreement they sign. The catalogue
   * is read before (never the database's other connection inside a transaction: PGlite has one).
   */
  async function signing(tx: Queryable, userId: string, merchantId: string, forUpdate: boolean, catalogue: DocumentCatalogue): Promise<{ membership: Membership; agreement: KycDocumentOut }> {
    const membership = await actingMembership(tx, userId, merchantId, STEP, forUpdate);
    if (!hasPermission(membership, 'update_user_profile')) throw apiError('FORBIDDEN');
    const agreement = await activeAgreement(tx, catalogue, membership.record.uuid);
    if (!agreement) throw apiError('AGREEMENT_NOT_GENERATED');
    if (agreement.status !== 'accepted') throw apiError('AGREEMENT_NOT_ACCEPTED');
    return { membership, agreement };
  }

  /** The merchant whose agreement document `documentUuid` is, for a caller who is their member; else 404. */
  async function merchantOfAgreement(documentUuid: string, userId: string): Promise<string> {
    if (!isUuid(documentUuid)) throw apiError('NOT_FOUND');
    const merchantUuid = await merchantUuidOfAgreement(db, documentUuid);
    if (!merchantUuid) throw apiError('NOT_FOUND');
    await loadMembership(db, userId, merchantUuid);
    return merchantUuid;
  }

  /**
   * The document to e-sign: the accepted agreement and its Schedule C as one PDF, written once (the same file for every
   * later look), and who will sign it (their e-mail masked); with it, the documents the same OTP signs and files on the
   * Documents tab (the authorisation letter and Schedule C the merchant has not uploaded: `documents`, each written once
   * too) and those it leaves as uploaded (`kept`).
   */
  app.get<{ Params: { id: string } }>('/merchants/:id/generate_merged_document_for_esign', async (request) => {
    const { userId } = currentUser(request);
    const merchantRequirements = await requirements.forMerchant(request.params.id);
    const { catalogue } = merchantRequirements;
    const { membership, agreement } = await signing(db, userId, request.params.id, false, catalogue);
    const record = membership.record;
    const signer = await signerOf(db, record, userId);
    let mergedId = await mergedFileOf(db, agreement.uuid);
    if (!mergedId) {
      const sourceId = await agreementPdfFileOf(db, agreement.uuid);
      const pdf = sourceId ? await openFile(db, ctx.files, sourceId, [record.uuid]) : null;
      if (!pdf) throw apiError('AGREEMENT_NOT_GENERATED');
      const merged = await mergedForEsign(pdf.content, record, clock.now());
      mergedId = await db.transaction(async (tx) => {
        const file = await saveFile(tx, ctx.files, { content: merged, type: 'pdf', name: 'service-agreement-to-sign.pdf', origin: 'generated' }, { merchantUuid: record.uuid, kind: 'service_agreement', createdBy: userId });
        // Written once: a concurrent look that wrote first wins, and its file is the one signed.
        return keepMergedFile(tx, agreement.uuid, file.id);
      });
    }
    const { toSign, kept } = await esignableDocuments(db, merchantRequirements, record);
    const documents = await documentsToSign(db, ctx.files, agreement.uuid, record, toSign, clock.now(), userId);
    return {
      kyc_document: { uuid: agreement.uuid, merged_document: { path: `/api/v1/files/${mergedId}`, filename: 'service-agreement-to-sign.pdf' } },
      signatory: { name: signer.name, email: maskEmail(signer.email) },
      documents: documents.map((document) => ({ document_category: document.category, title: document.title, path: `/api/v1/files/${document.fileId}`, filename: GENERATED[document.kind].file })),
      kept: kept.map((document) => ({ document_category: document.category, title: document.title })),
    };
  });

  /** Sends the signer an OTP by e-mail (at most one per resend interval, as every OTP). */
  app.post<{ Params: { docUuid: string } }>('/kyc_documents/:docUuid/send_signatory_otp', async (request) => {
    const { userId } = currentUser(request);
    const merchantUuid = await merchantOfAgreement(request.params.docUuid, userId);
    const merchantRequirements = await requirements.forMerchant(merchantUuid);
    const { membership } = await signing(db, userId, merchantUuid, false, merchantRequirements.catalogue);
    const signer = await signerOf(db, membership.record, userId);
    // The e-mail names every document the code signs (those the signer was shown at the review).
    const documents = await documentsShown(db, request.params.docUuid, (await esignableDocuments(db, merchantRequirements, membership.record)).toSign);
    const issued = await issueOtp(db, userId, esignPurpose(request.params.docUuid));
    if (!issued.ok) throw new ApiError(429, { error: message('auth.resendTooSoon', { seconds: issued.waitSeconds }), retry_after: issued.waitSeconds, blocked: false });
    await providers.messages.send({
      channel: 'email',
      recipient: signer.email,
      subject: message('server.esign.signatoryOtpSubject'),
      body: documents.length
        ? message('server.esign.signatoryOtpBodyWithDocuments', { code: issued.code, name: signer.for, minutes: OTP_POLICY.ttlMinutes, documents: documents.map((document) => document.title).join(', ') })
        : message('server.esign.signatoryOtpBody', { code: issued.code, name: signer.for, minutes: OTP_POLICY.ttlMinutes }),
    });
    return { message: message('otp.sent'), otp_length: OTP_POLICY.length, resend_after: OTP_POLICY.resendSeconds, sent_to: maskEmail(signer.email) };
  });

  /** Checks the signer's OTP (path spelled as the spec spells it); answers the one-use token the e-sign call takes. */
  app.post<{ Body: { otp: { kyc_document_uuid: string; code: string } } }>(
    '/verifiy_signatory_otp',
    { schema: { body: { $ref: `${API}#/$defs/verifySignatoryOtp` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const { kyc_document_uuid: documentUuid, code } = request.body.otp;
      const merchantUuid = await merchantOfAgreement(documentUuid, userId);
      await signing(db, userId, merchantUuid, false, (await requirements.forMerchant(merchantUuid)).catalogue);
      const result = await checkOtp(db, userId, esignPurpose(documentUuid), code);
      if (result.ok) return { esign_token: await issueAlternativeToken(db, userId, merchantUuid, ESIGN_SCOPE, clock.now()), verified: true };
      throw otpRefusal(result, { blocked: false });
    },
  );

  /**
   * Signs the merged document with the token of a verified signer OTP (used once, in the transaction that signs): a
   * signature page is appended recording who signed, for whom, when and the SHA-256 of what they signed; the signed
   * file's own SHA-256 is stored. The agreement becomes Approved and the merchant e-signed. The same OTP signs the
   * documents the review showed with it that still have no document in force (server/agreements/esignedDocuments.ts):
   * each is filed in its category on the Documents tab (`documents`); an upload made meanwhile is kept.
   */
  app.post<{ Params: { docUuid: string }; Body: { otp: string } }>(
    '/kyc_documents/:docUuid/esign_merged_document',
    { schema: { body: { $ref: `${API}#/$defs/esign` } } },
    async (request) => {
      const { userId } = currentUser(request);
      const merchantUuid = await merchantOfAgreement(request.params.docUuid, userId);
      const merchantRequirements = await requirements.forMerchant(merchantUuid);
      const { catalogue } = merchantRequirements;
      const answer = await db.transaction(async (tx) => {
        const { membership, agreement } = await signing(tx, userId, merchantUuid, true, catalogue);
        if (agreement.uuid !== request.params.docUuid) throw apiError('NOT_FOUND');
        const mergedId = await mergedFileOf(tx, agreement.uuid);
        if (!mergedId) throw apiError('AGREEMENT_NOT_ACCEPTED');
        const now = clock.now();
        if (!(await useAlternativeToken(tx, request.body.otp, userId, merchantUuid, ESIGN_SCOPE, now))) throw apiError('OTP_TOKEN_INVALID');
        const merged = await openFile(tx, ctx.files, mergedId, [merchantUuid]);
        if (!merged) throw apiError('AGREEMENT_NOT_ACCEPTED');
        const signer = await signerOf(tx, membership.record, userId);
        const others = await documentsShown(tx, agreement.uuid, (await esignableDocuments(tx, merchantRequirements, membership.record)).toSign);
        const together = [message('generated.agreement.title'), ...others.map((document) => document.title)];
        const signed = await signedWithPage(merged.content, signer, now, { statement: 'statement', together });
        const file = await saveFile(tx, ctx.files, { content: signed, type: 'pdf', name: 'service-agreement-signed.pdf', origin: 'generated' }, { merchantUuid, kind: 'service_agreement', createdBy: userId });
        await recordAgreementSignature(tx, agreement.uuid, { fileId: file.id, sha256: sha256Hex(signed), at: now, by: { user_id: userId, name: signer.name, email: signer.email } });
        await recordDocumentEvent(tx, merchantUuid, agreement.uuid, { userId, actor: 'merchant' }, 'agreement.esigned', { sha256: sha256Hex(signed), together });
        const filed = await signWithAgreement(tx, ctx.files, agreement.uuid, merchantUuid, others, signer, together, now, { userId, actor: 'merchant' });
        const updated = { ...withAgreementStatus(membership.record, 'Approved'), is_service_agreement_esigned: true };
        await saveRecord(tx, updated, userId, 'agreement.esigned', { kyc_document_uuid: agreement.uuid });
        await notifyProfile(tx, merchantUuid, { agreement_status: 'Approved' });
        return { merchant: updated, path: `/api/v1/files/${file.id}`, filed };
      });
      return {
        kyc_document: { uuid: request.params.docUuid, status: 'Approved', processed_document: { path: answer.path, filename: 'service-agreement-signed.pdf' } },
        merchant: answer.merchant,
        documents: answer.filed.map((document) => ({
          document_category: document.category,
          kyc_document_uuid: document.kycDocumentUuid,
          processed_document: { path: `/api/v1/files/${document.fileId}`, filename: document.filename },
        })),
      };
    },
  );
};
