// The onboarding feature's public entry: what other features (the aggregator's children, the NOW bank pages) use of
// it: the stepper's pieces, the step screen and the penny test's panel.

export { JourneyProgress } from './JourneyProgress';
export { stepTitleKey } from './journeySteps';
export { hasScreen, LazyStepScreen } from './stepScreens';
export { stepLine, stepStatus } from './StepRow';
export { IMPS_SLOW_AFTER_MS, PennyPanel } from './components/PennyPanel';
export type { PennyBankDetail } from './penny/pennyPanelState';
