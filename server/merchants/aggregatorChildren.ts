import journey from '../../schemas/steps/journey.json';
import { evaluate, flagsOf, type StepId } from '../../rules/evaluate';
import rulesConfig from '../../rules/config';
import type { Queryable } from '../db/database';
import { apiError } from '../errors';
import { isUuid } from './parseIds';
import { withRecordDefaults } from '../../schemas/withRecordDefaults';
import { hasPermission, loadMembership, type MerchantRecord } from './store';
import type { ChildSummary, ChildView } from '../../common/api/aggregator';

/** What a member needs to see the aggregator's children: reading the merchant's profile (platform spec section 6). */
const MAY_VIEW_CHILDREN = 'user_profile';

const JOURNEY_STEPS = journey.groups.flatMap((group) => group.steps.map((step) => step.id as StepId));

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const summaryOf = (record: MerchantRecord): ChildSummary => ({
  uuid: record.uuid,
  mid: record.mid,
  name: text(record.name),
  business_name: text(record.business_name),
  product: text(record.product),
});

/**
 * The aggregator merchant a user acts for, by uuid or mid. Malformed, unknown, not the user's, or not of merchant type
 * aggregator: one and the same 404 (store.loadMembership), so the answer never says which. A member whose role cannot
 * read the profile is refused as such (403), as the other calls refuse a member.
 */
export async function aggregatorOf(db: Queryable, userId: string, id: unknown): Promise<MerchantRecord> {
  const membership = await loadMembership(db, userId, id);
  if (membership.record.merchant_type !== 'aggregator') throw apiError('NOT_FOUND');
  if (!hasPermission(membership, MAY_VIEW_CHILDREN)) throw apiError('FORBIDDEN');
  return membership.record;
}

/** The children of an aggregator, by MID. */
export async function childrenOf(db: Queryable, aggregator: MerchantRecord): Promise<ChildSummary[]> {
  const rows = await db.query<{ record: MerchantRecord }>('select record from merchants where parent_uuid = $1 order by mid', [aggregator.uuid]);
  return rows.map((row) => summaryOf(withRecordDefaults(row.record)));
}

/** One child of the aggregator by its uuid; a malformed uuid, or a merchant that is not this aggregator's child: 404. */
export async function childOf(db: Queryable, aggregator: MerchantRecord, childUuid: unknown): Promise<ChildView> {
  if (!isUuid(childUuid)) throw apiError('NOT_FOUND');
  const [row] = await db.query<{ record: MerchantRecord }>('select record from merchants where uuid = $1::uuid and parent_uuid = $2', [
    childUuid.toLowerCase(),
    aggregator.uuid,
  ]);
  if (!row) throw apiError('NOT_FOUND');
  const record = withRecordDefaults(row.record);
  // The same rules, on the same record, as the child's own stepper (src/features/onboarding/OnboardingPage.tsx).
  const flags = evaluate(record, rulesConfig);
  const steps = JOURNEY_STEPS.map((id) => ({ id, ...flagsOf(flags, id) })).filter((step) => !step.hidden && !step.omitted);
  return { ...summaryOf(record), steps, progress: { done: steps.filter((step) => step.completed).length, total: steps.length } };
}

/** Makes `child` a child merchant of `aggregator` (demo data and tests; the partner flow that links them is not built). */
export async function linkChild(db: Queryable, aggregatorUuid: string, childUuid: string): Promise<void> {
  await db.query('update merchants set parent_uuid = $1 where uuid = $2', [aggregatorUuid, childUuid]);
}
