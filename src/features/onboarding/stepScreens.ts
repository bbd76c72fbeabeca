import { createElement, type ComponentType } from 'react';
import { loadValidatorOfStep } from '../../../renderer/stepValidators';
import type { Merchant } from '../../shared/api/types';
import { lazyWithRetry } from '../../../ui/lazyWithRetry';

/** What every step screen is given. */
export interface StepScreenProps {
  merchant: Merchant;
  /** No submit: the caller lacks permission or the rules say the step is not editable. */
  readonly: boolean;
  /** The caller may act in the step's components (permission, step not locked) even when its form is read-only; default: not readonly. */
  mayAct?: boolean;
  /** The caller holds the permission to change the profile; without it SKIP FOR NOW and the components' actions open the no-access modal (default: held). */
  permitted?: boolean;
  /**
   * Called with the merchant record the server answered after a successful submit: the page confirms it and moves on
   * (or, with `stay`, keeps the step open: what follows happens in it).
   */
  onSaved(merchant: Merchant, options?: { stay?: boolean }): void;
  /** Moves on to the next to-do step and leaves this one to do (a definition's `skip`); absent: no skipping now. */
  onSkipped?(): void;
  /**
   * Called with the merchant record the server answered when it stored a change that is not a completed submit (a
   * failed verification, a removed owner): the page shows the new record and leaves the step open.
   */
  onChanged?(merchant: Merchant): void;
}

/**
 * The steps with a screen: those with a definition file `schemas/steps/<step-id>.step.json`. Only the file names are
 * read here (the definitions load with the screen); other steps show their status only.
 */
const definitionFiles = Object.keys(import.meta.glob('../../../schemas/steps/*.step.json'));
const stepsWithScreens = new Set(definitionFiles.map((path) => /([^/]+)\.step\.json$/.exec(path)![1]!));

/** Whether a step has a screen in this release. */
export const hasScreen = (stepId: string): boolean => stepsWithScreens.has(stepId);

const loadScreen = () => import('./StepScreen');
const screens = new Map<string, ComponentType<StepScreenProps & { stepId: string }>>();

/** The screen of step `stepId`: the generic screen with that step's validators, both loaded when first shown. */
function screenOf(stepId: string) {
  let screen = screens.get(stepId);
  if (!screen) {
    screen = lazyWithRetry(() => Promise.all([loadScreen(), loadValidatorOfStep(stepId)]).then(([module]) => ({ default: module.StepScreen })));
    screens.set(stepId, screen);
  }
  return screen;
}

/**
 * The one generic step screen (with the form renderer) and the step's precompiled validators, loaded side by side when
 * a step is first opened, so the stepper shows before the heavier form code arrives and a step brings only its own
 * validators. Show it inside a Suspense boundary.
 */
export function LazyStepScreen(props: StepScreenProps & { stepId: string }) {
  const Screen = screenOf(props.stepId);
  return createElement(Screen, props);
}
