import { entityById, type BusinessEntity } from '../../../schemas/businessEntities';
import { message } from '../../../schemas/messages';
import { businessEntities } from '../../../schemas/registry';
import { validationError } from '../../errors';
import { withAccount } from '../signingAuthority';
import { recordEntity } from '../recordEntity';
import type { MerchantRecord } from '../store';
import type { StepUpdate } from './types';

export interface PanDetails {
  pancard_number: string;
  business_entity_id: number;
  dob?: string;
}

interface VerifiedPan {
  data: PanDetails;
  entity: BusinessEntity;
  panName: string | null;
}

/**
 * The PAN step: the entity suits the PAN's holder type (its fourth letter: the step definition's rule, which the form
 * shows and checkStepBody holds before this), then the provider verifies the PAN and the outcome is recorded —
 * verified with the PAN name (and the merchant's account created), or Failed.
 */
export const panDetailsUpdate: StepUpdate<PanDetails, VerifiedPan> = {
  step: 'pan-details',
  name: 'pan-details',
  async prepare(data, providers) {
    const entity = entityById(data.business_entity_id, businessEntities);
    if (!entity) throw validationError({ business_entity_id: [message('validation.unknownEntity')] });
    const verification = await providers.pan.verify(data.pancard_number);
    return { data, entity, panName: verification.valid ? verification.name : null };
  },
  apply(record, { data, entity, panName }) {
    const productAccount = record.product_account_detail ?? { dob: null, pep: null };
    const updated: MerchantRecord = {
      ...record,
      pancard_number: data.pancard_number,
      business_entity_id: entity.id,
      business_entity: recordEntity(entity),
      pan_verification_status: panName ? 'verified' : 'Failed',
      pancard_name: panName,
      product_account_detail: { ...productAccount, dob: data.dob ?? null },
    };
    // A verified PAN opens the signing-authority step, which needs the merchant's account.
    return panName ? withAccount(updated) : updated;
  },
};
