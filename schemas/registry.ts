import definitions from './definitions.json';
import authApi from './api/auth.json';
import merchantUpdateApi from './api/merchant-update.json';
import aclPermissions from './master/acl-permissions.json';
import panDetails from './steps/pan-details.json';
import panDetailsUi from './steps/pan-details.ui.json';
import businessDetails from './steps/business-details.json';
import businessDetailsUi from './steps/business-details.ui.json';
import businessEntities from './master/business-entities.json';
import merchantRecord from './records/merchant.json';
import kycDocumentRecord from './records/kyc-document.json';
import signingAuthority from './steps/signing-authority.json';
import signingAuthorityUi from './steps/signing-authority.ui.json';
import kyc from './steps/kyc.json';
import kycUi from './steps/kyc.ui.json';
import accountUpdateApi from './api/account-update.json';
import cinSignatoriesApi from './api/cin-signatories.json';
import bankDetails from './steps/bank-details.json';
import bankDetailsUi from './steps/bank-details.ui.json';
import bankFormEntities from './master/bank-form-entities.json';
import bankDetailsStep from './steps/bank-details.step.json';
import stepDefinitionSchema from './steps/step-definition.json';
import type { JsonSchema, UiSchema } from './types';

/** Every JSON Schema file of `schemas/` that carries an `$id`, for registering with Ajv. */
export const allSchemas: JsonSchema[] = [definitions, stepDefinitionSchema, authApi, merchantUpdateApi, panDetails, businessDetails, merchantRecord, kycDocumentRecord, signingAuthority, kyc, accountUpdateApi, cinSignatoriesApi, bankDetails];

/** The step schemas and their uiSchemas, by step id. */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = {
  'pan-details': { schema: panDetails, uiSchema: panDetailsUi },
  'signing-authority': { schema: signingAuthority, uiSchema: signingAuthorityUi },
  kyc: { schema: kyc, uiSchema: kycUi },
  'business-details': { schema: businessDetails, uiSchema: businessDetailsUi },
  'bank-details': { schema: bankDetails, uiSchema: bankDetailsUi },
};

/** The master tables step definitions read as `master.<name>`. */
export const masterTables: Record<string, unknown> = { businessEntities, bankForm: bankFormEntities };

/** The step definitions (format: schemas/steps/step-definition.json), by step id. */
export const stepDefinitions: Record<string, unknown> = { 'bank-details': bankDetailsStep };

export { businessEntities, aclPermissions, merchantRecord, kycDocumentRecord };
