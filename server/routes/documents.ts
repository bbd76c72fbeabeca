import type { FastifyPluginAsync } from 'fastify';
import { documentRequirementsFor } from '../../rules/evaluate';
import { authenticate, currentUser } from '../auth/authenticate';
import type { AppContext } from '../context';
import { categoryOut, typeOut } from '../documents/categoryOut';
import { actionsOn, documentsForRules } from '../documents/kycDocuments';
import { loadMembership } from '../merchants/store';
import { WEBSITE_DOCUMENT_CATEGORIES, websiteCategoryOut } from '../documents/websiteDocuments';
import { esignWithAgreementOf } from '../agreements/esignedDocuments';

/**
 * Documents (onboarding spec sections 3, 5, 7): GET /document_categories_and_types, the catalogue (and the categories
 * a website's reviewer may ask for, with their ids); GET
 * /merchants/{id}/merchant_docs_req, the categories this merchant must and may provide, evaluated by the same rules
 * the stepper uses from the requirements in force (server/documents/requirementsSource.ts), each with its
 * configuration, the types it accepts for this merchant, its upload state (the document in force, if any), and whether
 * it was or may be e-signed with the service agreement (server/agreements/esignedDocuments.ts).
 */
export const documentRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const { db, requirements } = ctx;
  app.addHook('onRequest', authenticate(db));

  app.get('/document_categories_and_types', async () => {
    const { catalogue, version } = await requirements.current();
    return {
      version,
      document_categories: Object.entries(catalogue.categories).map(([code, config]) => categoryOut(catalogue, code, config)),
      document_types: Object.entries(catalogue.types).map(([code, type]) => typeOut(code, type)),
      website_document_categories: WEBSITE_DOCUMENT_CATEGORIES.map(websiteCategoryOut),
    };
  });

  app.get<{ Params: { id: string } }>('/merchants/:id/merchant_docs_req', async (request) => {
    const { userId } = currentUser(request);
    const { record } = await loadMembership(db, userId, request.params.id);
    const { catalogue, rules, version } = await requirements.forMerchant(record.uuid);
    const kycDocuments = await documentsForRules(db, catalogue, record.uuid);
    const needed = documentRequirementsFor(record, rules, { kycDocuments });
    const esignWithAgreement = await esignWithAgreementOf(db, catalogue, record, kycDocuments);
    const withState = (code: string) => {
      const inForce = kycDocuments.find((document) => document.document_category === code && document.kyc_document_type === 'KYC');
      return {
        ...categoryOut(catalogue, code, catalogue.categories[code]!, needed.types[code]),
        upload_state: inForce
          ? { status: inForce.status, remarks: inForce.remarks, kyc_document_uuid: inForce.uuid, document_type: inForce.document_type, file: inForce.processed_document, ...actionsOn(inForce.status) }
          : null,
        esign_with_agreement: esignWithAgreement(code),
      };
    };
    return { version, required: needed.required.map(withState), optional: needed.optional.map(withState) };
  });
};
