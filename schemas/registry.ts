import definitions from './definitions.json';
import panDetails from './steps/pan-details.json';
import panDetailsUi from './steps/pan-details.ui.json';
import businessEntities from './master/business-entities.json';
import type { JsonSchema, UiSchema } from './types';

/** Every JSON Schema file of `schemas/` that carries an `$id`, for registering with Ajv. */
export const allSchemas: JsonSchema[] = [definitions, panDetails];

/** The step schemas and their uiSchemas, by step id. */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = {
  'pan-details': { schema: panDetails, uiSchema: panDetailsUi },
};

export { businessEntities };
