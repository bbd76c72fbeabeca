import definitions from './definitions.json';
import panDetails from './steps/pan-details.json';
import businessDetails from './steps/business-details.json';
import signingAuthority from './steps/signing-authority.json';
import kyc from './steps/kyc.json';
import bankDetails from './steps/bank-details.json';
import additionalDocuments from './steps/additional-documents.json';
import websiteDetails from './steps/website-details.json';
import agreementDetails from './steps/agreement-details.json';
import gstUpdate from './steps/gst-update.json';
import serviceAgreement from './steps/service-agreement.json';
import panDetailsStep from './steps/pan-details.step.json';
import businessDetailsStep from './steps/business-details.step.json';
import signingAuthorityStep from './steps/signing-authority.step.json';
import kycStep from './steps/kyc.step.json';
import bankDetailsStep from './steps/bank-details.step.json';
import additionalDocumentsStep from './steps/additional-documents.step.json';
import websiteDetailsStep from './steps/website-details.step.json';
import agreementDetailsStep from './steps/agreement-details.step.json';
import gstUpdateStep from './steps/gst-update.step.json';
import serviceAgreementStep from './steps/service-agreement.step.json';
import businessEntities from './master/business-entities.json';
import bankFormEntities from './master/bank-form-entities.json';
import businessCategories from './master/business-categories.json';
import areaCodes from './master/area-codes.json';
import signatoryTitles from './master/signatory-titles.json';
import type { JsonSchema, UiSchema } from './types';

/**
 * What the step screens need, and nothing else: the step schemas with the shared definitions they reference, the step
 * definitions and the master tables these read. The browser imports this module (with the step screen, not the
 * stepper); `schemas/registry.ts` adds the API and record schemas the server also registers.
 */

/** The step schemas and the file of shared definitions their `$ref`s point into. */
export const stepSchemaFiles: JsonSchema[] = [definitions, panDetails, businessDetails, signingAuthority, kyc, bankDetails, additionalDocuments, websiteDetails, agreementDetails, gstUpdate, serviceAgreement];

/** The master tables step definitions read as `master.<name>`. */
export const masterTables: Record<string, unknown> = { businessEntities, bankForm: bankFormEntities, signatoryTitles, businessCategories, areaCodes };

/** The step definitions (format: schemas/steps/step-definition.json), by step id. */
export const stepDefinitions: Record<string, unknown> = {
  'pan-details': panDetailsStep,
  'business-details': businessDetailsStep,
  'signing-authority': signingAuthorityStep,
  'bank-details': bankDetailsStep,
  kyc: kycStep,
  'additional-documents': additionalDocumentsStep,
  'website-details': websiteDetailsStep,
  'agreement-details': agreementDetailsStep,
  'gst-update': gstUpdateStep,
  'service-agreement': serviceAgreementStep,
};

/** The step schemas and the uiSchemas of their definitions, by step id (what the validators are compiled for). */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = Object.fromEntries(
  Object.entries(stepDefinitions as Record<string, { schema: string; uiSchema: UiSchema }>).map(([stepId, definition]) => {
    const schema = stepSchemaFiles.find((candidate) => candidate.$id === definition.schema);
    if (!schema) throw new Error(`Step definition ${stepId} names schema ${definition.schema}, which is not in stepSchemaFiles`);
    return [stepId, { schema, uiSchema: definition.uiSchema }];
  }),
);

export { businessEntities };
