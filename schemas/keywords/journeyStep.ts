import { STEP_IDS } from '../journeySteps';

/** Whether `value` is the id of a step of the journey (schemas/steps/journey.json). */
export function isJourneyStep(value: string): boolean {
  return STEP_IDS.includes(value);
}
