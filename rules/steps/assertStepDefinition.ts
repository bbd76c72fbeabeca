import type { AjvInstance } from '../../schemas/ajv';
import type { StepDefinition } from './types';

const STEP_DEFINITION_SCHEMA = 'https://onboarding.local/schemas/steps/step-definition.json';
/** Checks a definition against its format (schemas/steps/step-definition.json); throws naming the file's problems. */
export function assertStepDefinition(ajv: AjvInstance, definition: unknown, where: string): asserts definition is StepDefinition {
  const validate = ajv.getSchema(STEP_DEFINITION_SCHEMA);
  if (!validate) throw new Error(`No schema ${STEP_DEFINITION_SCHEMA}`);
  if (!validate(definition)) {
    const problems = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`);
    throw new Error(`Invalid step definition ${where}:\n- ${problems.join('\n- ')}`);
  }
}

