import { addressesUpdate } from './addresses';
import { businessDetailsUpdate } from './businessDetails';
import { displayNameUpdate } from './displayName';
import { panDetailsUpdate } from './panDetails';
import type { StepId } from '../../../rules/evaluate';
import type { StepUpdate } from './types';

/**
 * The kinds of body PUT /merchants/{uuid} takes: one per step stored through it, and the display name. The server
 * tells them apart by the exact set of keys a body holds (server/merchants/updates/bodyKinds.ts), each kind's set
 * being its schema's; no two sets may admit the same body.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each update checks its own data against its step schema first
export const STEP_UPDATES: ReadonlyArray<StepUpdate<any, any, StepId | null>> = [panDetailsUpdate, businessDetailsUpdate, addressesUpdate, displayNameUpdate];
