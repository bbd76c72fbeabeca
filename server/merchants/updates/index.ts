import { addressesUpdate } from './addresses';
import { businessDetailsUpdate } from './businessDetails';
import { displayNameUpdate } from './displayName';
import { panDetailsUpdate } from './panDetails';
import type { StepId } from '../../../rules/evaluate';
import type { StepUpdate } from './types';

/** The kinds of body PUT /merchants/{uuid} takes, told apart by the key that names them (one per step, and the display name). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each update checks its own data against its step schema first
export const STEP_UPDATES: ReadonlyArray<StepUpdate<any, any, StepId | null>> = [panDetailsUpdate, businessDetailsUpdate, addressesUpdate, displayNameUpdate];
