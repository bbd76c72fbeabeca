import { isJourneyStep } from './journeyStep';
import { stringCheckKeyword } from './stringCheckKeyword';

/**
 * `"journeyStep": true` — a step id of the journey (schemas/steps/journey.json, the one list of steps), so a schema
 * naming steps (the merchant record's skipped steps) never writes the list out again.
 */
export const journeyStepKeyword = stringCheckKeyword({
  keyword: 'journeyStep',
  module: new URL('./journeyStep.ts', import.meta.url),
  exportName: 'isJourneyStep',
  check: isJourneyStep,
  blankPasses: false,
});
