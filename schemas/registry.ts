import authApi from './api/auth.json';
import merchantUpdateApi from './api/merchant-update.json';
import aclPermissions from './master/acl-permissions.json';
import merchantRecord from './records/merchant.json';
import stepRecords from './generated/step-records.json';
import kycDocumentRecord from './records/kyc-document.json';
import accountUpdateApi from './api/account-update.json';
import cinSignatoriesApi from './api/cin-signatories.json';
import ifscDetailsApi from './api/ifsc-details.json';
import verifyPennyApi from './api/verify-penny.json';
import bankUpdateApi from './api/bank-update.json';
import kycDocumentsApi from './api/kyc-documents.json';
import opsApi from './api/ops.json';
import websiteApi from './api/website.json';
import agreementApi from './api/agreement.json';
import addendaApi from './api/addenda.json';
import teamApi from './api/team.json';
import assessmentApi from './api/assessment.json';
import csPlansApi from './api/cs-plans.json';
import termsApi from './api/terms.json';
import pricingPlans from './master/pricing-plans.json';
import assessmentQuestions from './master/assessment-questions.json';
import kycApi from './api/kyc.json';
import analyticsApi from './api/analytics.json';
import sandboxApi from './api/sandbox.json';
import upiVerificationsApi from './api/upi-verifications.json';
import documentCatalogueSchema from './documents/document-catalogue.schema.json';
import requirementsMatrixSchema from './documents/requirements-matrix.schema.json';
import requirementsVersionSchema from './documents/requirements-version.schema.json';
import websiteDocumentsSchema from './documents/website-documents.schema.json';
import stepDefinitionSchema from './steps/step-definition.json';
import { businessEntities, masterTables, stepDefinitions, stepForms, stepSchemaFiles } from './stepCatalogue';
import requirementsMatrixUi from './ops/requirements-matrix.ui.json';
import displayNameSchema from './now/display-name.json';
import displayNameUi from './now/display-name.ui.json';
import { inlineRefs } from './inlineRefs';
import type { JsonSchema, UiSchema } from './types';

/** Every JSON Schema file of `schemas/` that carries an `$id`, for registering with Ajv. */
export const allSchemas: JsonSchema[] = [...stepSchemaFiles, stepDefinitionSchema, authApi, merchantUpdateApi, merchantRecord, stepRecords, kycDocumentRecord, accountUpdateApi, cinSignatoriesApi, ifscDetailsApi, verifyPennyApi, bankUpdateApi, kycDocumentsApi, kycApi, documentCatalogueSchema, requirementsMatrixSchema, requirementsVersionSchema, websiteDocumentsSchema, opsApi, websiteApi, agreementApi, addendaApi, analyticsApi, teamApi, assessmentApi, csPlansApi, termsApi, sandboxApi, upiVerificationsApi, displayNameSchema];

export { masterTables, stepDefinitions, stepForms, stepSchemaFiles };
export { businessEntities, aclPermissions, assessmentQuestions, pricingPlans, merchantRecord, kycDocumentRecord };


/**
 * Every form the browser renders with a validator compiled at build time (scripts/compile-validators.ts): the steps,
 * the operations console's draft of the document matrix (its own format's schema: what operations publish at run
 * time is data that this one validator checks), and the NOW merchant's display name.
 */
export const browserForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = {
  ...stepForms,
  'requirements-matrix': { schema: requirementsMatrixSchema, uiSchema: requirementsMatrixUi as UiSchema },
  'display-name': { schema: displayNameSchema as JsonSchema, uiSchema: displayNameUi as UiSchema },
};

/**
 * The forms of {@link browserForms} as the browser gets them in each form's module (scripts/compile-validators.ts):
 * the schema with its cross-file `$ref`s inlined, `$id` kept. What the renderer's tests render.
 */
export const shippedForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = Object.fromEntries(
  Object.entries(browserForms).map(([form, { schema, uiSchema }]) => [form, { schema: inlineRefs(schema, stepSchemaFiles), uiSchema }]),
);
