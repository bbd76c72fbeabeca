import definitions from './definitions.json';
import authApi from './api/auth.json';
import merchantUpdateApi from './api/merchant-update.json';
import aclPermissions from './master/acl-permissions.json';
import panDetails from './steps/pan-details.json';
import businessDetails from './steps/business-details.json';
import businessEntities from './master/business-entities.json';
import merchantRecord from './records/merchant.json';
import kycDocumentRecord from './records/kyc-document.json';
import signingAuthority from './steps/signing-authority.json';
import kyc from './steps/kyc.json';
import accountUpdateApi from './api/account-update.json';
import cinSignatoriesApi from './api/cin-signatories.json';
import bankDetails from './steps/bank-details.json';
import bankFormEntities from './master/bank-form-entities.json';
import bankDetailsStep from './steps/bank-details.step.json';
import panDetailsStep from './steps/pan-details.step.json';
import signingAuthorityStep from './steps/signing-authority.step.json';
import kycStep from './steps/kyc.step.json';
import businessDetailsStep from './steps/business-details.step.json';
import businessCategories from './master/business-categories.json';
import areaCodes from './master/area-codes.json';
import signatoryTitles from './master/signatory-titles.json';
import stepDefinitionSchema from './steps/step-definition.json';
import type { JsonSchema, UiSchema } from './types';

/** Every JSON Schema file of `schemas/` that carries an `$id`, for registering with Ajv. */
export const allSchemas: JsonSchema[] = [definitions, stepDefinitionSchema, authApi, merchantUpdateApi, panDetails, businessDetails, merchantRecord, kycDocumentRecord, signingAuthority, kyc, accountUpdateApi, cinSignatoriesApi, bankDetails];

/** The master tables step definitions read as `master.<name>`. */
export const masterTables: Record<string, unknown> = { businessEntities, bankForm: bankFormEntities, signatoryTitles, businessCategories, areaCodes };

/** The step definitions (format: schemas/steps/step-definition.json), by step id. */
export const stepDefinitions: Record<string, unknown> = { 'pan-details': panDetailsStep, 'business-details': businessDetailsStep, 'signing-authority': signingAuthorityStep, 'bank-details': bankDetailsStep, kyc: kycStep };

/** The step schemas and the uiSchemas of their definitions, by step id (what the validators are compiled for). */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = Object.fromEntries(
  Object.entries(stepDefinitions as Record<string, { schema: string; uiSchema: UiSchema }>).map(([stepId, definition]) => {
    const schema = allSchemas.find((candidate) => candidate.$id === definition.schema);
    if (!schema) throw new Error(`Step definition ${stepId} names schema ${definition.schema}, which is not in allSchemas`);
    return [stepId, { schema, uiSchema: definition.uiSchema }];
  }),
);

export { businessEntities, aclPermissions, merchantRecord, kycDocumentRecord };
