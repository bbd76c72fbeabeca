import type { FastifyPluginAsync } from 'fastify';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
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
import { checkOtp, issueOtp, OTP_POLICY, otpRefusal } from '../auth/otp';
import { issueAlternativeToken, useAlternativeToken } from '../merchants/bankUpdate';
import { GENERATED, signatoryOf } from '../documents/generatedDocuments';
import { openFile, saveFile } from '../files/fileStore';
import { maskEmail, mergedForEsign, sha256Hex, signedWithPage, type Signer } from '../agreements/esign';
import { documentsShown, documentsToSign, esignableDocuments, signWithAgreement } from '../agreements/esignedDocuments';
import type { MerchantRecord, Membership } from '../merchants/store';
import { signedCopyOffer } from '../agreements/signedCopy';

const STEP = 'service-agreement';
/** The bodies of the e-sign calls (schemas/api/agreement.json). */
const API = 'https://onboarding.local/schemas/api/agreement.json';
/** The one-use token a verified signatory OTP gives, which esign_merged_document takes. */
const ESIGN_SCOPE = 'esign_agreement';
const esignPurpose = (documentUuid: string) => `esign:${documentUuid}`;

/** Who signs for the merchant: an individual signs for themself; a business's first signatory signs for it. */
async function signerOf(db: Queryable, record: MerchantRecord, userId: string): Promise<Signer> {
  const legalName = (typeof record.pancard_name === 'string' && record.pancard_name) || (typeof record.business_name === 'string' && record.business_name) || String(record.name ?? '');
  const individual = evaluateStatus(record, rulesConfig).agreementSignedByHolder === true;
  if (individual) {
    const [user] = await db.query<{ email: string | null; name: string | null }>('select email, name from users where id = $1', [userId]);
    const email = user?.email ?? (typeof record.email === 'string' ? record.email : null);
    if (!email) throw apiError('SIGNATORY_MISSING');
    return { name: legalName, email, for: legalName, mid: record.mid };
  }
  const signatory = signatoryOf(record);
  if (!signatory?.name || !signatory.email) throw apiError('SIGNATORY_MISSING');
  return { name: signatory.name, email: signatory.email, for: legalName, mid: record.mid };
}

/**
 * The agreement's own file, to download and sign on paper: the one generated (e-signed once signed), whatever signed
 * copy is in force in its place; null before one is generated.
 */
async function agreementFile(db: Queryable, merchantUuid: string): Promise<{ path: string; filename: string } | null> {
  const [row] = await db.query<{ id: string; name: string }>(
    `select f.id, f.name from service_agreements s join kyc_documents d on d.uuid = s.kyc_document_uuid join stored_files f on f.id = d.processed_file_id
      where s.merchant_uuid = $1 order by s.created_at desc limit 1`,
    [merchantUuid],
  );
  return row ? { path: `/api/v1/files/${row.id}`, filename: row.name } : null;
}

/** The merchant's agreement in force (a KYC document of type Agreement), or null. */
async function activeAgreement(db: Queryable, catalogue: DocumentCatalogue, merchantUuid: string): Promise<KycDocumentOut | null> {
  const documents = await listDocuments(db, catalogue, merchantUuid, { kycDocumentType: ['Agreement'] });
  return documents.filter((document) => document.active).at(-1) ?? null;
}

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
      return { generation: { status: 'done', failures: 0 }, kyc_document: existing, agreement_file: await agreementFile(db, record.uuid), signed_copy: await signedCopyOffer(db, record, catalogue) };
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
      agreement_file: await agreementFile(db, record.uuid),
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
    const [row] = await db.query<{ merchant_uuid: string }>('select merchant_uuid from service_agreements where kyc_document_uuid = $1', [documentUuid]);
    if (!row) throw apiError('NOT_FOUND');
    await loadMembership(db, userId, row.merchant_uuid);
    return row.merchant_uuid;
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
    const [row] = await db.query<{ merged_file_id: string | null }>('select merged_file_id from service_agreements where kyc_document_uuid = $1', [agreement.uuid]);
    let mergedId = row?.merged_file_id ?? null;
    if (!mergedId) {
      const [source] = await db.query<{ processed_file_id: string }>('select processed_file_id from kyc_documents where uuid = $1', [agreement.uuid]);
      const pdf = await openFile(db, source!.processed_file_id, [record.uuid]);
      if (!pdf) throw apiError('AGREEMENT_NOT_GENERATED');
      const merged = await mergedForEsign(pdf.content, record, clock.now());
      mergedId = await db.transaction(async (tx) => {
        const file = await saveFile(tx, { content: merged, type: 'pdf', name: 'service-agreement-to-sign.pdf', origin: 'generated' }, { merchantUuid: record.uuid, kind: 'service_agreement', createdBy: userId });
        // Written once: a concurrent look that wrote first wins, and its file is the one signed.
        const [kept] = await tx.query<{ merged_file_id: string }>(
          'update service_agreements set merged_file_id = coalesce(merged_file_id, $2) where kyc_document_uuid = $1 returning merged_file_id',
          [agreement.uuid, file.id],
        );
        return kept!.merged_file_id;
      });
    }
    const { toSign, kept } = await esignableDocuments(db, merchantRequirements, record);
    const documents = await documentsToSign(db, agreement.uuid, record, toSign, clock.now(), userId);
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
        const [row] = await tx.query<{ merged_file_id: string | null }>('select merged_file_id from service_agreements where kyc_document_uuid = $1', [agreement.uuid]);
        if (!row?.merged_file_id) throw apiError('AGREEMENT_NOT_ACCEPTED');
        const now = clock.now();
        if (!(await useAlternativeToken(tx, request.body.otp, userId, merchantUuid, ESIGN_SCOPE, now))) throw apiError('OTP_TOKEN_INVALID');
        const merged = await openFile(tx, row.merged_file_id, [merchantUuid]);
        if (!merged) throw apiError('AGREEMENT_NOT_ACCEPTED');
        const signer = await signerOf(tx, membership.record, userId);
        const others = await documentsShown(tx, agreement.uuid, (await esignableDocuments(tx, merchantRequirements, membership.record)).toSign);
        const together = [message('generated.agreement.title'), ...others.map((document) => document.title)];
        const signed = await signedWithPage(merged.content, signer, now, { statement: 'statement', together });
        const file = await saveFile(tx, { content: signed, type: 'pdf', name: 'service-agreement-signed.pdf', origin: 'generated' }, { merchantUuid, kind: 'service_agreement', createdBy: userId });
        await tx.query(`update kyc_documents set status = 'Approved', processed_file_id = $2, updated_at = $3 where uuid = $1`, [agreement.uuid, file.id, now]);
        await tx.query('insert into kyc_document_attachments (kyc_document_uuid, file_id) values ($1, $2)', [agreement.uuid, file.id]);
        await tx.query('update service_agreements set signed_file_id = $2, signed_sha256 = $3, signed_at = $4, signed_by = $5 where kyc_document_uuid = $1', [
          agreement.uuid,
          file.id,
          sha256Hex(signed),
          now,
          JSON.stringify({ user_id: userId, name: signer.name, email: signer.email }),
        ]);
        await recordDocumentEvent(tx, merchantUuid, agreement.uuid, { userId, actor: 'merchant' }, 'agreement.esigned', { sha256: sha256Hex(signed), together });
        const filed = await signWithAgreement(tx, agreement.uuid, merchantUuid, others, signer, together, now, { userId, actor: 'merchant' });
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
