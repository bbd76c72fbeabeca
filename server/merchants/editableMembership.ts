import type { StepId } from '../../rules/evaluate';
import { aclPermissions } from '../../schemas/registry';
import type { Queryable } from '../db/database';
import { apiError } from '../errors';
import { hasPermission, loadMembership, type Membership } from './store';
import { stepFlagsOf } from './stepFlags';

/**
 * The caller's membership of a merchant if they may edit `step` now: 404 when the merchant is unknown or not
 * theirs, 403 without a profile-editing permission, 409 while the step rules lock it or make it read-only.
 */
export async function editableMembership(db: Queryable, userId: string, merchantId: string, step: StepId, forUpdate = false): Promise<Membership> {
  const membership = await actingMembership(db, userId, merchantId, step, forUpdate);
  if (!stepFlagsOf(membership.record, step).editable) throw apiError('STEP_LOCKED');
  return membership;
}

/**
 * The caller's membership of a merchant if they may act in `step` now without changing its form (enter the test
 * deposit's amount while the bank form stays as sent): as {@link editableMembership}, but a read-only step is fine.
 */
export async function actingMembership(db: Queryable, userId: string, merchantId: string, step: StepId, forUpdate = false): Promise<Membership> {
  const membership = await profileEditor(db, userId, merchantId, forUpdate);
  if (stepFlagsOf(membership.record, step).locked) throw apiError('STEP_LOCKED');
  return membership;
}

/**
 * The caller's membership of a merchant if they hold a profile-editing permission (a field outside the steps, as the
 * display name): 404 when the merchant is unknown or not theirs, 403 without the permission.
 */
export async function profileEditor(db: Queryable, userId: string, merchantId: string, forUpdate = false): Promise<Membership> {
  const membership = await loadMembership(db, userId, merchantId, forUpdate);
  if (!hasPermission(membership, ...aclPermissions.profile_edit)) throw apiError('FORBIDDEN');
  return membership;
}
