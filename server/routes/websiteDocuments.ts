import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { actionsOn, DOCUMENT_FILE_TYPES, type DocumentActor } from '../documents/kycDocuments';
import {
  saveWebsiteDocument,
  submitWebsiteDocument,
  WEBSITE_DOCUMENT_CATEGORIES,
  WEBSITE_DOCUMENT_TYPE,
  websiteCategoryById,
  websiteCategoryOut,
  websiteDocumentsOf,
} from '../documents/websiteDocuments';
import { ApiError, apiError, validationError } from '../errors';
import { inspectedUpload, readMultipartUpload } from '../files/readMultipartUpload';
import { actingMembership } from '../merchants/editableMembership';
import { isUuid } from '../merchants/parseIds';
import { listMerchants, loadMembership, type MerchantRecord } from '../merchants/store';
import { notifyProfile } from '../penny/profileEvents';

const STEP = 'website-details';
const MB = 1024 * 1024;

/**
 * Website documents (onboarding spec sections 3 and 7, Website): the documents a website's reviewer asks for (one
 * category at a time: website_detail.req_doc_category), uploaded through the documents' uploader and file store.
 * GET website_documents lists those asked, each with the document in force; POST create_website_documents takes the
 * asked one (multipart: processed_document, document_category_id, document_type_id; its size and type checked while
 * it streams, what is asked checked next, the file parsed last, off the request's thread); POST
 * submit_website_documents sends it, and the website returns to the review queue. By the website's uuid, for its
 * merchant's members with the profile-editing permission.
 */
export const websiteDocumentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, requirements } = ctx;
  app.addHook('onRequest', authenticate(db));

  /** The merchant whose website `uuid` is, among the caller's (404 for anyone else's, as for one that does not exist). */
  const ownerOf = async (request: FastifyRequest<{ Params: { uuid: string } }>): Promise<{ userId: string; merchant: MerchantRecord }> => {
    const { userId } = currentUser(request);
    if (!isUuid(request.params.uuid)) throw apiError('NOT_FOUND');
    const merchant = (await listMerchants(db, userId)).find((record) => (record.website_detail as { uuid?: string } | null)?.uuid === request.params.uuid);
    if (!merchant) throw apiError('NOT_FOUND');
    return { userId, merchant };
  };

  /** The caller's merchant, locked, while they may act on its website (403 without permission, 409 while the step is locked). */
  const acting = async (tx: Parameters<typeof actingMembership>[0], userId: string, merchantUuid: string, websiteUuid: string) => {
    const { record } = await actingMembership(tx, userId, merchantUuid, STEP, true);
    if ((record.website_detail as { uuid?: string } | null)?.uuid !== websiteUuid) throw apiError('NOT_FOUND');
    return { record, by: { userId, actor: 'merchant' } satisfies DocumentActor };
  };

  app.get<{ Params: { uuid: string } }>('/website_details/:uuid/website_documents', async (request) => {
    const { userId, merchant } = await ownerOf(request);
    const { record } = await loadMembership(db, userId, merchant.uuid);
    const { catalogue } = await requirements.forMerchant(record.uuid);
    const documents = await websiteDocumentsOf(db, catalogue, record.uuid);
    const detail = record.website_detail as { req_doc_category: number | null; website_document_categories: Array<{ id: number }> };
    const asked = evaluateStatus(record, rulesConfig).websiteDocumentWanted === true ? detail.req_doc_category : null;
    const ids = [...new Set([...detail.website_document_categories.map((entry) => entry.id), ...(asked === null ? [] : [asked])])];
    return {
      document_type_id: WEBSITE_DOCUMENT_TYPE.id,
      categories: ids.flatMap((id) => {
        const category = websiteCategoryById(id);
        if (!category) return [];
        const inForce = documents.find((document) => document.document_category === category.code);
        return [
          {
            ...websiteCategoryOut(category),
            requested: id === asked,
            upload_state: inForce
              ? {
                  status: inForce.status,
                  remarks: inForce.remarks,
                  kyc_document_uuid: inForce.uuid,
                  document_type: inForce.document_type,
                  file: inForce.processed_document,
                  replaceable: id === asked && actionsOn(inForce.status).replaceable,
                  removable: false,
                }
              : null,
          },
        ];
      }),
    };
  });

  app.post<{ Params: { uuid: string } }>('/website_details/:uuid/create_website_documents', async (request, reply) => {
    const { userId, merchant } = await ownerOf(request);
    // The permission, the step and whether a document is asked first: a caller who may not send one is refused before
    // their file is read (all checked again with the record locked below).
    const { record: current } = await actingMembership(db, userId, merchant.uuid, STEP);
    if (evaluateStatus(current, rulesConfig).websiteDocumentWanted !== true) throw validationError({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    const { fields, upload } = await readMultipartUpload(request, {
      maxBytes: Math.max(...WEBSITE_DOCUMENT_CATEGORIES.map((category) => category.maxFileSizeLimit)) * MB,
      fields: 4,
      fieldSize: 64,
      fileFields: ['processed_document'],
      limitsFor: (given) => {
        const category = websiteCategoryById(given.document_category_id);
        return category ? { maxBytes: category.maxFileSizeLimit * MB, types: DOCUMENT_FILE_TYPES } : null;
      },
    });
    if (!fields.document_category_id) throw validationError({ document_category_id: [message('validation.required')] });
    const category = websiteCategoryById(fields.document_category_id);
    if (!category) throw validationError({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    if (fields.document_type_id !== undefined && fields.document_type_id !== String(WEBSITE_DOCUMENT_TYPE.id)) throw validationError({ document_type_id: [message('documents.typeRequired')] });
    if (!upload) throw validationError({ file: [message('upload.missing')] });
    if ((current.website_detail as { req_doc_category: number | null }).req_doc_category !== category.id) {
      throw validationError({ document_category_id: [message('server.websiteDocuments.notAsked')] });
    }
    const checked = await inspectedUpload(upload, ctx.fileParser);
    const { catalogue } = await requirements.forMerchant(merchant.uuid);
    const saved = await db.transaction(async (tx) => {
      const { record, by } = await acting(tx, userId, merchant.uuid, request.params.uuid);
      const detail = record.website_detail as { req_doc_category: number | null };
      if (evaluateStatus(record, rulesConfig).websiteDocumentWanted !== true || detail.req_doc_category !== category.id) {
        throw validationError({ document_category_id: [message('server.websiteDocuments.notAsked')] });
      }
      return saveWebsiteDocument(tx, ctx.files, record, category, checked, by);
    });
    reply.code(201);
    const [kycDocument] = (await websiteDocumentsOf(db, catalogue, merchant.uuid)).filter((document) => document.uuid === saved.uuid);
    return { kyc_document: kycDocument, website_detail: saved.record.website_detail, merchant: saved.record };
  });

  app.post<{ Params: { uuid: string } }>('/website_details/:uuid/submit_website_documents', async (request) => {
    const { userId, merchant } = await ownerOf(request);
    const record = await db.transaction(async (tx) => {
      const { record: stored, by } = await acting(tx, userId, merchant.uuid, request.params.uuid);
      if (evaluateStatus(stored, rulesConfig).websiteDocumentWanted !== true) throw apiError('DOCUMENT_NOT_ASKED');
      const { missing, record: updated } = await submitWebsiteDocument(tx, stored, by);
      if (missing) {
        throw new ApiError(422, { error: message('documents.missing', { documents: message(missing.label) }), missing: [missing.code], code: 'DOCUMENTS_MISSING' });
      }
      // The merchant's open pages (and the review queue's next look) see the website back in review.
      await notifyProfile(tx, updated.uuid, { website_approval_status: (updated.website_detail as { website_approval_status: string }).website_approval_status });
      return updated;
    });
    return { message: message('server.websiteDocuments.thanks'), website_detail: record.website_detail, merchant: record };
  });
};
