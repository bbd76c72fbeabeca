import type { StepId } from '../../../rules/evaluate';
import type { AddendumSource } from '../../addenda/addenda';
import type { Providers } from '../../providers/types';
import type { MerchantRecord } from '../store';

/**
 * One kind of body PUT /merchants/{uuid} takes: a step's fields, told apart by their exact key set (its schema's:
 * server/merchants/updates/bodyKinds.ts).
 * `prepare` runs after validation and outside the database transaction (it may call an
 * external provider and may refuse with a 422); `apply` folds the result into the record.
 */
export interface StepUpdate<Data, Prepared, Step extends StepId | null = StepId> {
  /**
   * The step whose rules decide whether the record may change now (editable), or null for a field outside the steps
   * (the NOW display name): then the profile-editing permission alone decides.
   */
  step: Step;
  /** What the update is called in the audit trail and in errors: its step id, or the field it sets. */
  name: string;
  /** The `$id` of the schema the body is checked with when no step definition checks it; default the step's schema. */
  schema?: string;
  prepare(data: Data, providers: Providers): Promise<Prepared>;
  apply(record: MerchantRecord, prepared: Prepared): MerchantRecord;
  /** Details a change of which becomes an addendum once its status rule says so (server/addenda): the source, and the new data. */
  addendum?: { source: AddendumSource; data(prepared: Prepared): Record<string, unknown> };
}
