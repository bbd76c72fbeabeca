import type { FastifyPluginAsync } from 'fastify';
import { documentRequirementsFor } from '../../rules/evaluate';
import { message } from '../../schemas/messages';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { CategoryConfig, DocumentCatalogue, TypeConfig } from '../documents/requirementsSource';
import { actionsOn, documentsForRules } from '../documents/kycDocuments';
import { loadMembership } from '../merchants/store';

/** A category as the API answers it: its code and configuration, texts in the catalogue's words. */
function categoryOut(catalogue: DocumentCatalogue, code: string, config: CategoryConfig, types?: readonly string[]) {
  const offered = types && types.length ? types : (config.subCategory?.value ?? []);
  return {
    code,
    label: message(config.label),
    tooltipText: config.tooltipText ? message(config.tooltipText) : null,
    maxFileSizeLimit: config.maxFileSizeLimit,
    template: config.template ? { call: config.template.call, label: message(config.template.label) } : null,
    uploadLabel: config.uploadLabel ? message(config.uploadLabel) : null,
    subCategory: config.subCategory && {
      modalTitle: message(config.subCategory.modalTitle),
      coachMark: config.subCategory.coachMark ? message(config.subCategory.coachMark) : null,
      value: offered.map((type) => typeOut(type, catalogue.types[type]!)),
      uploadFrontAndBack: config.subCategory.uploadFrontAndBack.filter((type) => offered.includes(type)),
      uploadMultiple: config.subCategory.uploadMultiple.filter((type) => offered.includes(type)),
    },
  };
}

function typeOut(code: string, type: TypeConfig) {
  return {
    value: code,
    id: type.id ?? null,
    label: message(type.label),
    subLabel: type.subLabel ? message(type.subLabel) : null,
    coachMark: type.coachMark ? message(type.coachMark) : null,
    modalTitle: type.modalTitle ? message(type.modalTitle) : null,
    modalDescription: type.modalDescription ? message(type.modalDescription) : null,
    backOptional: type.backOptional === true,
    sideLabels: type.sideLabels ? { front: message(type.sideLabels.front), back: message(type.sideLabels.back) } : null,
  };
}

/**
 * Documents (onboarding spec sections 3, 5, 7): GET /document_categories_and_types, the catalogue; GET
 * /merchants/{id}/merchant_docs_req, the categories this merchant must and may provide, evaluated by the same rules
 * the stepper uses from the requirements in force (server/documents/requirementsSource.ts), each with its
 * configuration, the types it accepts for this merchant, and its upload state (the document in force, if any).
 */
export const documentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, requirements } = ctx;
  app.addHook('preHandler', authenticate(db));

  app.get('/document_categories_and_types', async () => {
    const { catalogue, version } = await requirements.current();
    return {
      version,
      document_categories: Object.entries(catalogue.categories).map(([code, config]) => categoryOut(catalogue, code, config)),
      document_types: Object.entries(catalogue.types).map(([code, type]) => typeOut(code, type)),
    };
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/merchant_docs_req', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await loadMembership(db, userId, request.params.id);
    const { catalogue, rules, version } = await requirements.forMerchant(record.uuid);
    const kycDocuments = await documentsForRules(db, catalogue, record.uuid);
    const needed = documentRequirementsFor(record, rules, { kycDocuments });
    const withState = (code: string) => {
      const inForce = kycDocuments.find((document) => document.document_category === code && document.kyc_document_type === 'KYC');
      return {
        ...categoryOut(catalogue, code, catalogue.categories[code]!, needed.types[code]),
        upload_state: inForce
          ? { status: inForce.status, remarks: inForce.remarks, kyc_document_uuid: inForce.uuid, document_type: inForce.document_type, file: inForce.processed_document, ...actionsOn(inForce.status) }
          : null,
      };
    };
    return { version, required: needed.required.map(withState), optional: needed.optional.map(withState) };
  });
};
