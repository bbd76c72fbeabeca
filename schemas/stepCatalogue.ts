import definitions from './definitions.json';
import { stepDefinitionFiles, stepSchemaFiles as stepSchemas } from './generated/stepFiles';
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
export const stepSchemaFiles: JsonSchema[] = [definitions, ...(stepSchemas as JsonSchema[])];

/** The master tables step definitions read as `master.<name>`. */
export const masterTables: Record<string, unknown> = { businessEntities, bankForm: bankFormEntities, signatoryTitles, businessCategories, areaCodes };

/** The step definitions (format: schemas/steps/step-definition.json), by step id: every `*.step.json` in schemas/steps/. */
export const stepDefinitions: Record<string, unknown> = Object.fromEntries(
  stepDefinitionFiles.map((definition) => [(definition as { id: string }).id, definition]),
);

/** The step schemas and the uiSchemas of their definitions, by step id (what the validators are compiled for). */
export const stepForms: Record<string, { schema: JsonSchema; uiSchema: UiSchema }> = Object.fromEntries(
  Object.entries(stepDefinitions as Record<string, { schema: string; uiSchema: UiSchema }>).map(([stepId, definition]) => {
    const schema = stepSchemaFiles.find((candidate) => candidate.$id === definition.schema);
    if (!schema) throw new Error(`Step definition ${stepId} names schema ${definition.schema}, which is not in stepSchemaFiles`);
    return [stepId, { schema, uiSchema: definition.uiSchema }];
  }),
);

export { businessEntities };
