import journey from '../../../schemas/steps/journey.json';
import type { StepFlags } from '../../../rules/evaluate';

/** The flags the rules gave each step, by step id. */
export type JourneyFlags = Record<string, StepFlags | undefined>;

const steps = journey.groups.flatMap((group) => group.steps);

/** The message key of a step's title (`schemas/steps/journey.json`). */
export function stepTitleKey(stepId: string): string {
  return steps.find((step) => step.id === stepId)?.title ?? stepId;
}

/** Whether a step exists for the merchant: the rules neither hide it nor omit it. */
export function isShown(flags: StepFlags | undefined): flags is StepFlags {
  return !!flags && !flags.hidden && !flags.omitted;
}

/** How many of the steps that exist for the merchant are completed, of how many. */
export function stepProgress(flags: JourneyFlags): { done: number; total: number } {
  const shown = steps.map((step) => flags[step.id]).filter(isShown);
  return { done: shown.filter((step) => step.completed).length, total: shown.length };
}

/** Whether a step is the merchant's to act on now: shown, to do, and not waiting for someone or something else. */
export function isDueNow(flags: StepFlags | undefined): flags is StepFlags {
  return isShown(flags) && flags.todo && !flags.waitingFor;
}

/**
 * The step to open: the first step due now (shown, to do, not waiting) that has a screen, in journey order. Given
 * `after` (the step just saved), the search starts after it and wraps round, never giving
 * `after` itself. Null when no step qualifies.
 */
export function stepToOpen(flags: JourneyFlags, hasScreen: (stepId: string) => boolean, after: string | null = null): string | null {
  const start = after === null ? 0 : steps.findIndex((step) => step.id === after) + 1;
  const ordered = [...steps.slice(start), ...steps.slice(0, start)];
  const found = ordered.find((step) => step.id !== after && hasScreen(step.id) && isDueNow(flags[step.id]));
  return found?.id ?? null;
}
