import { stepDefinitions } from '../../../schemas/stepCatalogue';
import { compiledStep } from '../../../rules/steps/compiledSteps';
import type { StepId } from '../../../rules/evaluate';
import { addressesUpdate } from './addresses';
import { businessDetailsUpdate } from './businessDetails';
import { displayNameUpdate } from './displayName';
import { panDetailsUpdate } from './panDetails';
import { storedStepUpdate } from './storedStep';
import type { StepUpdate } from './types';

/** The steps whose definitions say where their data goes (`submit.store`): each stored by the one generic update. */
const STORED_STEPS = Object.entries(stepDefinitions)
  .filter(([, definition]) => (definition as { submit?: { store?: unknown } }).submit?.store !== undefined)
  .map(([id]) => storedStepUpdate(compiledStep(id)!));

/**
 * The kinds of body PUT /merchants/{uuid} takes: the steps with side effects, each with an update of its own (PAN
 * verification, the addresses' addendum, the business details' owners and category names), the display name, and
 * every step stored from its definition. The server tells them apart by the exact set of keys a body holds
 * (bodyKinds.ts), each kind's set being its schema's; no two sets may admit the same body.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each update checks its own data against its step schema first
export const STEP_UPDATES: ReadonlyArray<StepUpdate<any, any, StepId | null>> = [panDetailsUpdate, businessDetailsUpdate, addressesUpdate, displayNameUpdate, ...STORED_STEPS];
