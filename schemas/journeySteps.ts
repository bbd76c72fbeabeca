import journey from './steps/journey.json';

/**
 * The onboarding steps, in journey order (onboarding spec section 2): the steps of schemas/steps/journey.json's groups,
 * the one list of them. A step id is a string checked against this list where it comes in (a rule, a fixture, a record).
 */
export const STEP_IDS: readonly string[] = journey.groups.flatMap((group) => group.steps.map((step) => step.id));
