import { masterTables, stepDefinitions } from '../../schemas/stepCatalogue';
import { compileDefinition, type CompiledDefinition } from './compileDefinition';
import type { StepDefinition } from './types';

const compiled = new Map<string, CompiledDefinition>();

/** The compiled definition of a shipped step, checked and compiled once; undefined for a step without one. */
export function compiledStep(stepId: string): CompiledDefinition | undefined {
  let step = compiled.get(stepId);
  if (!step) {
    const definition = stepDefinitions[stepId];
    if (definition === undefined) return undefined;
    step = compileDefinition(definition as StepDefinition, masterTables);
    compiled.set(stepId, step);
  }
  return step;
}
