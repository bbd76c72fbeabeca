import type { CompiledDefinition } from '../../../rules/steps/compileDefinition';
import type { MerchantRecord } from '../store';
import type { StepUpdate } from './types';

/** The PUT /merchants/{uuid} path a definition's submit names when its data goes into the merchant record. */
export const MERCHANT_UPDATE_PATH = '/api/v1/merchants/{merchant.uuid}';

/**
 * The update of a simple step: its definition says where each field goes (`submit.store`), so no code is written for
 * it. The body was checked by the definition (checkStepBody: schema with `$context`, held fields) before `apply`.
 */
export function storedStepUpdate(step: CompiledDefinition): StepUpdate<Record<string, unknown>, Record<string, unknown>> {
  const { id, submit } = step.definition;
  if (!submit?.store || submit.method !== 'PUT' || submit.path !== MERCHANT_UPDATE_PATH) {
    throw new Error(`Step ${id}: submit.store is for a step submitted by PUT ${MERCHANT_UPDATE_PATH}`);
  }
  return {
    step: id,
    name: id,
    async prepare(data) {
      return data;
    },
    apply(record, data) {
      return step.storedRecordOf(data, record) as MerchantRecord;
    },
  };
}
