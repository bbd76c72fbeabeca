import { message } from '../../../schemas/messages';
import { businessEntities } from '../../../schemas/registry';
import { entitiesForPan, entityById } from '../../../schemas/businessEntities';
import { validationError } from '../../errors';
import type { PanProvider } from '../../providers/types';
import type { MerchantRecord } from '../store';

export interface PanDetails {
  pancard_number: string;
  business_entity_id: number;
  dob?: string;
}

/**
 * Applies a validated PAN step body: the entity must suit the PAN's holder type, then the
 * PAN is verified by the provider and the outcome recorded (verified with the PAN name, or Failed).
 */
export async function applyPanDetails(record: MerchantRecord, data: PanDetails, pan: PanProvider): Promise<MerchantRecord> {
  const entity = entityById(data.business_entity_id, businessEntities);
  if (!entity) throw validationError({ business_entity_id: [message('validation.unknownEntity')] });
  if (!entitiesForPan(data.pancard_number, businessEntities).some((allowed) => allowed.id === entity.id)) {
    throw validationError({ business_entity_id: [message('validation.entityNotForPan')] });
  }
  const verification = await pan.verify(data.pancard_number);
  const productAccount = (record.product_account_detail ?? {}) as Record<string, unknown>;
  return {
    ...record,
    pancard_number: data.pancard_number,
    business_entity_id: entity.id,
    business_entity: entity,
    pan_verification_status: verification.valid ? 'verified' : 'Failed',
    pancard_name: verification.valid ? verification.name : null,
    product_account_detail: { ...productAccount, dob: data.dob ?? null },
  };
}
