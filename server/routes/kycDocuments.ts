import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { documentRequirementsFor } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import {
  addPage,
  DOCUMENT_FILE_TYPES,
  deleteDocument,
  documentOf,
  documentsForRules,
  listDocuments,
  MAX_PAGES,
  MAX_SIDES,
  mergeDraft,
  pagesToMerge,
  recordDocumentEvent,
  removePages,
  reviewDocument,
  saveWholeDocument,
  sendForReview,
  type DocumentActor,
} from '../documents/kycDocuments';
import { GENERATED, GENERATOR_CALLS, generateDocument, signatoryOf } from '../documents/generatedDocuments';
import type { Requirements } from '../documents/requirementsSource';
import { staffRoleOf, REVIEW_ROLES } from '../auth/staff';
import { notifyProfile } from '../penny/profileEvents';
import { apiError, ApiError, validationError } from '../errors';
import { ParseRefused } from '../files/fileParser';
import { UploadRefused, type ReceivedUpload } from '../files/fileStore';
import { inspectedUpload, readMultipartUpload, uploadRefusal } from '../files/readMultipartUpload';
import { aclPermissions } from '../../schemas/registry';
import { hasPermission, loadMembership, lockedRecord, saveRecord, type MerchantRecord, type Membership } from '../merchants/store';
import { isUuid } from '../merchants/parseIds';
import { categoryLabel, notifyDocumentReviewed, notifyIfReviewFinished } from '../notifications/merchantNotifications';
import { AGREEMENT_COPY_STATUS, AGREEMENT_COPY_TARGET, agreementCopyFieldErrors, assertAgreementCopyWanted, isAgreementCopy, reviewAgreementCopy, syncAgreementStatus } from '../agreements/signedCopy';

const API = 'https://onboarding.local/schemas/api/kyc-documents.json';
const MB = 1024 * 1024;

type Params = { id: string; docId: string };

/**
 * The merchant's KYC documents (onboarding spec sections 3, 4 and 7, Documents): list, upload (a whole document, or a
 * page or side of one being assembled), append, delete, remove pages, existing pages, merge, send for review,
 * document status verification, the generated documents to sign, and the staff review. Files are checked by content
 * and by the category's size limit while they stream, then stored with the document row in one transaction (a
 * request cut off midway stores nothing). Merchants need the profile-editing permission to change documents. The
 * same calls take the signed (and stamped) copy of the service agreement (kyc_document_type=Agreement: whole, or page
 * by page and merged), when the rules take one (server/agreements/signedCopy.ts); its review sets the Agreement status.
 */
export const kycDocumentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, requirements, clock } = ctx;
  app.addHook('onRequest', authenticate(db));

  /** The caller's membership if they may change documents (404 for a merchant not theirs, 403 without permission). */
  const editing = async (tx: Queryable, request: FastifyRequest<{ Params: { id: string } }>, forUpdate = false): Promise<Membership & { by: DocumentActor }> => {
    const { userId } = currentUser(request);
    const membership = await loadMembership(tx, userId, request.params.id, forUpdate);
    if (!hasPermission(membership, ...aclPermissions.profile_edit)) throw apiError('FORBIDDEN');
    return { ...membership, by: { userId, actor: 'merchant' } };
  };

  /** What this merchant is asked for: required and optional categories, and the types each takes. */
  const askedOf = async (q: Queryable, record: MerchantRecord, current: Requirements) =>
    documentRequirementsFor(record, current.rules, { kycDocuments: await documentsForRules(q, current.catalogue, record.uuid) });

  app.get<{ Params: { id: string }; Querystring: Record<string, string | string[] | undefined> }>('/merchants/:id/kyc_documents', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const { catalogue } = await requirements.forMerchant(request.params.id);
    const list = (value: string | string[] | undefined) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]);
    const query = request.query;
    return {
      kyc_documents: await listDocuments(db, catalogue, record.uuid, {
        status: list(query['status[]'] ?? query.status),
        kycDocumentType: list(query['kyc_document_type[]'] ?? query.kyc_document_type),
      }),
    };
  });

  /**
   * Reads a multipart upload: its fields (which must come before the file: the category sets the size limit), then
   * one file, checked while it streams. `fixedCategory` is the category of a call that has only one.
   */
  const readDocumentUpload = (request: FastifyRequest, current: Requirements, fixedCategory?: string) => {
    const categories = current.catalogue.categories;
    return readMultipartUpload(request, {
      maxBytes: Math.max(...Object.values(categories).map((category) => category.maxFileSizeLimit)) * MB,
      fields: 8,
      fieldSize: 256,
      fileFields: ['processed_document', 'uploaded_documents'],
      limitsFor: (fields) => {
        const config = categories[fixedCategory ?? fields.document_category ?? ''];
        return config ? { maxBytes: config.maxFileSizeLimit * MB, types: DOCUMENT_FILE_TYPES } : null;
      },
    });
  };

  /** A signed copy of the agreement's target, if the rules take a copy now (409 otherwise). */
  const copyTargetOf = async (q: Queryable, record: MerchantRecord, current: Requirements) => {
    await assertAgreementCopyWanted(q, record, current.catalogue);
    return AGREEMENT_COPY_TARGET;
  };

  /** The category and type of an upload or merge, checked against what this merchant is asked for. */
  const targetOf = async (q: Queryable, record: MerchantRecord, current: Requirements, category: unknown, type: unknown) => {
    const config = typeof category === 'string' ? current.catalogue.categories[category] : undefined;
    const asked = await askedOf(q, record, current);
    if (!config || typeof category !== 'string' || ![...asked.required, ...asked.optional].includes(category)) {
      throw validationError({ document_category: [message('documents.notAsked')] });
    }
    const offered = asked.types[category]?.length ? asked.types[category]! : (config.subCategory?.value ?? []);
    if (!offered.length) return { category, type: null, maxPages: MAX_PAGES };
    if (typeof type !== 'string' || !offered.includes(type)) throw validationError({ document_type: [message('documents.typeRequired')] });
    const maxPages = config.subCategory?.uploadFrontAndBack.includes(type) ? MAX_SIDES : MAX_PAGES;
    return { category, type, maxPages };
  };

  app.post<{ Params: { id: string } }>('/merchants/:id/kyc_documents', async (request, reply) => {
    const { record } = await editing(db, request);
    const current = await requirements.forMerchant(request.params.id);
    const { fields, upload, fileField } = await readDocumentUpload(request, current);
    return storeUpload(request, reply, current, record, fields, upload, fileField);
  });

  /** upload_authority_letter: the signed authorisation letter, as one file, into the category whose template it is. */
  app.post<{ Params: { id: string } }>('/merchants/:id/upload_authority_letter', async (request, reply) => {
    const { record } = await editing(db, request);
    const current = await requirements.forMerchant(request.params.id);
    const category = categoryOfTemplate(current, 'generate_authority_letter');
    if (!category) throw apiError('DOCUMENT_NOT_ASKED');
    const { upload } = await readDocumentUpload(request, current, category);
    return storeUpload(request, reply, current, record, { document_category: category }, upload, 'processed_document');
  });

  const storeUpload = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: { code(status: number): unknown },
    current: Requirements,
    record: MerchantRecord,
    fields: Record<string, string>,
    upload: ReceivedUpload | undefined,
    fileField: string | undefined,
  ) => {
    if (!upload) {
      if (!fields.document_category) throw validationError({ document_category: [message('documents.notAsked')] });
      throw validationError({ file: [message('upload.missing')] });
    }
    const copy = isAgreementCopy(fields);
    const fieldErrors = copy ? agreementCopyFieldErrors(fields) : null;
    if (fieldErrors) throw validationError(fieldErrors);
    // What is asked of this merchant, before the file is parsed (and again, with the record locked, below).
    if (copy) await copyTargetOf(db, record, current);
    else await targetOf(db, record, current, fields.document_category, fields.document_type);
    const checked = await inspectedUpload(upload, ctx.fileParser);
    const result = await db.transaction(async (tx) => {
      const { record, by } = await editing(tx, request, true);
      const target = copy ? await copyTargetOf(tx, record, current) : await targetOf(tx, record, current, fields.document_category, fields.document_type);
      if (fileField === 'uploaded_documents') {
        const attachment = await addPage(tx, ctx.files, record.uuid, target, checked, by);
        return { attachment, uuid: attachment.kyc_document_uuid, merchant: record };
      }
      const uuid = await saveWholeDocument(tx, ctx.files, record.uuid, target, checked, by);
      return { uuid, merchant: copy ? await syncAgreementStatus(tx, record, current.catalogue, by, 'agreement.copy_uploaded') : record };
    });
    reply.code(201);
    const kycDocument = await documentOf(db, current.catalogue, result.merchant.uuid, result.uuid);
    if ('attachment' in result) return { attachment: result.attachment, kyc_document: kycDocument };
    return copy ? { kyc_document: kycDocument, merchant: result.merchant } : { kyc_document: kycDocument };
  };

  app.post<{ Params: Params }>('/merchants/:id/kyc_documents/:docId/append_attachment', async (request, reply) => {
    await editing(db, request);
    const current = await requirements.forMerchant(request.params.id);
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const draft = await documentOf(db, current.catalogue, record.uuid, request.params.docId);
    if (draft.processed_document || draft.active) throw apiError('NOT_FOUND');
    // What is asked of this merchant, before the file is read (and again, with the record locked, below).
    if (draft.kyc_document_type === 'Agreement') await copyTargetOf(db, record, current);
    else await targetOf(db, record, current, draft.document_category, draft.document_type ?? undefined);
    const { upload: received } = await readDocumentUpload(request, current, draft.document_category);
    if (!received) throw validationError({ file: [message('upload.missing')] });
    const upload = await inspectedUpload(received, ctx.fileParser);
    const attachment = await db.transaction(async (tx) => {
      const { record: locked, by } = await editing(tx, request, true);
      const target =
        draft.kyc_document_type === 'Agreement' ? await copyTargetOf(tx, locked, current) : await targetOf(tx, locked, current, draft.document_category, draft.document_type ?? undefined);
      return addPage(tx, ctx.files, locked.uuid, target, upload, by, draft.uuid);
    });
    reply.code(201);
    return { attachment, kyc_document: await documentOf(db, current.catalogue, record.uuid, draft.uuid) };
  });

  app.delete<{ Params: Params }>('/merchants/:id/kyc_documents/:docId', async (request, reply) => {
    await db.transaction(async (tx) => {
      const { record, by } = await editing(tx, request, true);
      if (!isUuid(request.params.docId)) throw apiError('NOT_FOUND');
      await deleteDocument(tx, record.uuid, request.params.docId, by);
    });
    return reply.code(204).send();
  });

  app.delete<{ Params: Params; Body: { file_ids: number[] } }>(
    '/merchants/:id/kyc_documents/:docId/attachment',
    { schema: { body: { $ref: `${API}#/$defs/deleteAttachments` } } },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const { record, by } = await editing(tx, request, true);
        if (!isUuid(request.params.docId)) throw apiError('NOT_FOUND');
        await removePages(tx, record.uuid, request.params.docId, request.body.file_ids, by);
      });
      return reply.code(204).send();
    },
  );

  /** existing pages: the draft of a category and type being assembled, to resume it. */
  app.get<{ Params: { id: string }; Querystring: { document_category?: string; document_type?: string } }>('/merchants/:id/kyc_documents/existing_pages', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const { catalogue } = await requirements.forMerchant(request.params.id);
    const draft = (await listDocuments(db, catalogue, record.uuid)).find(
      (document) =>
        !document.active &&
        !document.processed_document &&
        document.document_category === request.query.document_category &&
        (document.document_type ?? '') === (request.query.document_type ?? ''),
    );
    return { uuid: draft?.uuid ?? null, uploaded_documents: draft?.uploaded_documents ?? [] };
  });

  app.put<{ Params: Params; Body: { document_order: number[]; document_category?: string; document_type?: string | null; issue_date?: string | null; expiry_date?: string | null } }>(
    '/merchants/:id/kyc_documents/:docId/merge_documents',
    { schema: { body: { $ref: `${API}#/$defs/merge` } } },
    async (request) => {
      const current = await requirements.forMerchant(request.params.id);
      const uuid = request.params.docId;
      if (!isUuid(uuid)) throw apiError('NOT_FOUND');
      const order = request.body.document_order;
      // The pages are read and merged (in a parse worker, for seconds at most) before the transaction: no lock is held
      // meanwhile; the transaction checks the draft still holds exactly these pages.
      const { record: unlocked } = await editing(db, request);
      const pages = await pagesToMerge(db, ctx.files, unlocked.uuid, uuid, order);
      const merged = await ctx.fileParser.mergePages(pages).catch((error: unknown) => {
        throw error instanceof ParseRefused ? uploadRefusal(new UploadRefused(error.reason), null) : error;
      });
      const { merchant, copy } = await db.transaction(async (tx) => {
        const { record, by } = await editing(tx, request, true);
        const draft = await documentOf(tx, current.catalogue, record.uuid, uuid);
        if (draft.kyc_document_type === 'Agreement') {
          await copyTargetOf(tx, record, current);
          await mergeDraft(tx, ctx.files, record.uuid, uuid, order, merged, by, request.body, AGREEMENT_COPY_STATUS);
          return { merchant: await syncAgreementStatus(tx, record, current.catalogue, by, 'agreement.copy_uploaded'), copy: true };
        }
        await targetOf(tx, record, current, draft.document_category, draft.document_type ?? undefined);
        await mergeDraft(tx, ctx.files, record.uuid, uuid, order, merged, by, request.body);
        return { merchant: record, copy: false };
      });
      const kycDocument = await documentOf(db, current.catalogue, merchant.uuid, uuid);
      // A signed copy changed the merchant's Agreement status: the app refreshes its merchant from the answer.
      return copy ? { kyc_document: kycDocument, merchant } : { kyc_document: kycDocument };
    },
  );

  /** submit_documents, receive_all_docs and final_doc_submit: send every document for review (response merchant). */
  for (const path of ['submit_documents', 'receive_all_docs', 'final_doc_submit']) {
    app.post<{ Params: { id: string } }>(`/merchants/:id/${path}`, async (request) => {
      const current = await requirements.forMerchant(request.params.id);
      const record = await db.transaction(async (tx) => {
        const { record: stored, by } = await editing(tx, request, true);
        const asked = await askedOf(tx, stored, current);
        const { missing, reuploaded } = await sendForReview(tx, stored.uuid, asked.required, by);
        if (missing.length) {
          const labels = missing.map((code) => message(current.catalogue.categories[code]!.label));
          throw new ApiError(422, { error: message('documents.missing', { documents: labels.join(', ') }), missing, code: 'DOCUMENTS_MISSING' });
        }
        // The merchant keeps the requirements they submitted against: a later publish does not change what they owe.
        await tx.query('update merchants set requirements_version = coalesce(requirements_version, $2) where uuid = $1', [stored.uuid, current.version]);
        const documentStatus = reuploaded ? 'DOCUMENT_REUPLOADED' : 'Docs Received';
        const updated: MerchantRecord = { ...stored, document_status: stored.document_status === 'Docs Approved' ? stored.document_status : documentStatus };
        await saveRecord(tx, updated, by.userId, 'documents.submitted', { document_status: updated.document_status });
        return updated;
      });
      return { message: message('documents.submitted'), merchant: record };
    });
  }

  /** generated_agreements: the merchant's agreement documents (the agreement issue generates them). */
  app.get<{ Params: { id: string } }>('/merchants/:id/generated_agreements', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const { catalogue } = await requirements.forMerchant(request.params.id);
    return { kyc_documents: await listDocuments(db, catalogue, record.uuid, { kycDocumentType: ['Agreement'] }) };
  });

  /** Document status verification: the merchant's document_status, with a line saying what it means. */
  app.get<{ Params: { id: string } }>('/merchants/:id/document_status_verification', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    const status = (record.document_status as string | null) ?? 'Pending';
    const key = `server.documents.statusMessage.${status.replace(/[^A-Za-z]/g, '')}`;
    return { doc_status: status, message: message(key in STATUS_MESSAGES ? key : 'server.documents.statusMessage.Pending'), merchant: record };
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/get_signatory_details', async (request) => {
    const { record } = await loadMembership(db, currentUser(request).userId, request.params.id);
    return { signatory: signatoryOf(record) };
  });

  /**
   * generate_authority_letter, generate_schedule_c_document, generate_beneficiary_list: a PDF to download. One a
   * category names as its template (document-catalogue.json) is given to a merchant asked for that category only.
   */
  for (const [path, kind] of Object.entries(GENERATOR_CALLS)) {
    app.get<{ Params: { id: string } }>(`/merchants/:id/${path}`, async (request, reply) => {
      const { userId } = currentUser(request);
      const { record } = await loadMembership(db, userId, request.params.id);
      const current = await requirements.forMerchant(request.params.id);
      const category = categoryOfTemplate(current, path);
      if (category) {
        const asked = await askedOf(db, record, current);
        if (![...asked.required, ...asked.optional].includes(category)) throw apiError('DOCUMENT_NOT_ASKED');
      }
      if (kind === 'authority_letter' && !signatoryOf(record)) throw apiError('SIGNATORY_MISSING');
      const pdf = await generateDocument(kind, record, clock.now());
      await recordDocumentEvent(db, record.uuid, null, { userId, actor: 'merchant' }, 'document.generated', { kind });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${GENERATED[kind].file}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }

  /** The Aadhaar disclaimer, shown once per user and merchant: whether it was acknowledged, and acknowledging it. */
  app.get<{ Params: { id: string } }>('/merchants/:id/aadhaar_disclaimer', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await loadMembership(db, userId, request.params.id);
    const [seen] = await db.query("select 1 from merchant_acknowledgements where merchant_uuid = $1 and user_id = $2 and kind = 'aadhaar_disclaimer'", [record.uuid, userId]);
    return { acknowledged: Boolean(seen) };
  });
  app.post<{ Params: { id: string } }>('/merchants/:id/aadhaar_disclaimer', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await loadMembership(db, userId, request.params.id);
    await db.query("insert into merchant_acknowledgements (merchant_uuid, user_id, kind) values ($1, $2, 'aadhaar_disclaimer') on conflict do nothing", [record.uuid, userId]);
    return { acknowledged: true };
  });

  /**
   * The staff review of a document: Approved, or Declined with a remark (ops_admin and ops_reviewer only). A signed copy
   * of the agreement is reviewed the same way; the merchant's Agreement status then follows the rules.
   */
  app.post<{ Params: Params; Body: { status: 'Approved' | 'Declined'; remarks?: string | null } }>(
    '/merchants/:id/kyc_documents/:docId/review',
    { schema: { body: { $ref: `${API}#/$defs/review` } } },
    async (request) => {
      const { userId } = currentUser(request);
      if (!isUuid(request.params.docId) || !isUuid(request.params.id)) throw apiError('NOT_FOUND');
      const role = await staffRoleOf(db, userId);
      if (!role || !REVIEW_ROLES.includes(role)) throw apiError('FORBIDDEN');
      const current = await requirements.forMerchant(request.params.id);
      const by: DocumentActor = { userId, actor: 'staff' };
      const merchantUuid = await db.transaction(async (tx) => {
        const record = await lockedRecord(tx, request.params.id);
        if (!record) throw apiError('NOT_FOUND');
        const [document] = await tx.query<{ kyc_document_type: string; document_category: string }>(
          'select kyc_document_type, document_category from kyc_documents where uuid = $1 and merchant_uuid = $2',
          [request.params.docId, record.uuid],
        );
        const review = { status: request.body.status, remarks: request.body.remarks ?? null };
        // The merchant is told of the verdict by e-mail and SMS (queued with this transaction: sent once it commits).
        const notice = { ...review, subject: request.params.docId, label: categoryLabel(current.catalogue, document?.document_category ?? '') };
        if (document?.kyc_document_type === 'Agreement') {
          await reviewAgreementCopy(tx, record.uuid, request.params.docId, review, by);
          await notifyDocumentReviewed(tx, record, notice);
          await syncAgreementStatus(tx, record, current.catalogue, by, 'agreement.copy_reviewed');
          return record.uuid;
        }
        const asked = await askedOf(tx, record, current);
        const documentStatus = await reviewDocument(tx, record.uuid, request.params.docId, review, asked.required, by);
        await notifyDocumentReviewed(tx, record, notice);
        await notifyIfReviewFinished(tx, record);
        if (documentStatus && documentStatus !== record.document_status) {
          await saveRecord(tx, { ...record, document_status: documentStatus }, userId, 'documents.reviewed', { document_status: documentStatus });
        }
        // The merchant's open pages show the review at once (delivered when this commits).
        await notifyProfile(tx, record.uuid, { document_status: documentStatus ?? (record.document_status as string | null) ?? null });
        return record.uuid;
      });
      return { kyc_document: await documentOf(db, current.catalogue, merchantUuid, request.params.docId) };
    },
  );
};


/** The document status lines of document status verification, by status (letters only). */
const STATUS_MESSAGES = Object.fromEntries(
  ['Pending', 'DocsReceived', 'DOCUMENTSUBMITTED', 'DOCUMENTREUPLOADED', 'DocsApproved', 'ExceptionallyApproved', 'DocsError', 'DocsPartiallyReceived', 'DocsPartiallyReuploaded'].map((status) => [
    `server.documents.statusMessage.${status}`,
    true,
  ]),
);

/** The category whose catalogue template the call writes, if any. */
const categoryOfTemplate = (current: Requirements, call: string): string | undefined =>
  Object.entries(current.catalogue.categories).find(([, config]) => config.template?.call === call)?.[0];
