import definitions from './definitions.json';
import authApi from './api/auth.json';
import merchantUpdateApi from './api/merchant-update.json';
import aclPermissions from './master/acl-permissions.json';
import panDetails from './steps/pan-details.json';
import panDetailsUi from './steps/pan-details.ui.json';
import businessEntities from './master/business-entities.json';
import merchantRecord from './records/merchant.json';
import kycDocumentRecord from './records/kyc-document.json';
import type { JsonSchema, UiSchema } from './types';

/** Every JSON Schema file of `schemas/` that carries an `$id`, for registering with Ajv. */
export const allSchemas: JsonSchema[] = [definitions, authApi, merchantUpdateApi, panDetails, merchantRecord, kycDocumentRecord];

/** The step schemas and their uiSchemas, by step id. */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = {
  'pan-details': { schema: panDetails, uiSchema: panDetailsUi },
};

export { businessEntities, aclPermissions, merchantRecord, kycDocumentRecord };
