import type { StepId } from '../../../rules/evaluate';
import type { AddendumSource } from '../../addenda/addenda';
import type { Providers } from '../../providers/types';
import type { MerchantRecord } from '../store';

/**
 * One kind of body PUT /merchants/{uuid} takes: a step's fields, told apart by `key`.
 * `prepare` runs after validation and outside the database transaction (it may call an
 * external provider and may refuse with a 422); `apply` folds the result into the record.
 */
export interface StepUpdate<Data, Prepared> {
  step: StepId;
  key: string;
  prepare(data: Data, providers: Providers): Promise<Prepared>;
  apply(record: MerchantRecord, prepared: Prepared): MerchantRecord;
  /** Details a change of which becomes an addendum once its status rule says so (server/addenda): the source, and the new data. */
  addendum?: { source: AddendumSource; data(prepared: Prepared): Record<string, unknown> };
}
