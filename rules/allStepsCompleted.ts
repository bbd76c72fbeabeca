import { flagsOf, STEP_IDS, type StepStatuses } from './types';

/**
 * Whether a merchant's activation is complete: every step that exists for it (not hidden, not omitted by its
 * configuration) is completed. The server sends the "account activated" notice the first time this holds.
 */
export function allStepsCompleted(steps: StepStatuses): boolean {
  return STEP_IDS.map((id) => flagsOf(steps, id)).every((flags) => flags.hidden || flags.omitted || flags.completed);
}
