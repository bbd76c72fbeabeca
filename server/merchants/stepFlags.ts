import { evaluate, flagsOf, type StepFlags, type StepId } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import type { MerchantRecord } from './store';

/** The flags the step rules give one step of a merchant record (the same rules the app shows). */
export function stepFlagsOf(record: MerchantRecord, step: StepId): StepFlags {
  return flagsOf(evaluate(record, rulesConfig), step);
}
