import { entitiesForPan, type BusinessEntityMaster } from '../../../schemas/businessEntities';
import { stepForms } from '../../../schemas/registry';
import type { JsonSchema, UiSchema } from '../../../schemas/types';
import { withFieldOptions } from '../../../schemas/withFieldOptions';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';

/** The PAN step's form data. */
export interface PanFormData {
  pancard_number?: string;
  business_entity_id?: number;
  dob?: string;
}

/** The PAN step's data as stored on the merchant record. */
export function panFormDataOf(merchant: Merchant): PanFormData {
  const productAccount = (merchant.product_account_detail ?? {}) as { dob?: string | null };
  const data: PanFormData = {};
  if (typeof merchant.pancard_number === 'string') data.pancard_number = merchant.pancard_number;
  if (typeof merchant.business_entity_id === 'number') data.business_entity_id = merchant.business_entity_id;
  if (productAccount.dob) data.dob = productAccount.dob;
  return data;
}

/** The PAN step's schema and uiSchema for the PAN typed so far: entity choices limited by its fourth letter. */
export function panFormFor(data: PanFormData, master: BusinessEntityMaster): { schema: JsonSchema; uiSchema: UiSchema } {
  const { schema, uiSchema } = stepForms['pan-details']!;
  const allowed = entitiesForPan(data.pancard_number, master);
  const suggested = allowed.length < master.business_entities.length;
  const entityUi = (uiSchema.business_entity_id ?? {}) as UiSchema;
  return {
    schema: withFieldOptions(schema, 'business_entity_id', allowed.map((entity) => ({ value: entity.id, label: entity.name }))),
    uiSchema: suggested
      ? { ...uiSchema, business_entity_id: { ...entityUi, 'ui:help': t('pan.entity.suggested', { entities: allowed.map((entity) => entity.name).join(', ') }) } }
      : uiSchema,
  };
}

/**
 * After a change of the PAN: an entity the PAN's holder type does not allow is cleared, and
 * when the PAN allows exactly one entity it is chosen.
 */
export function suggestEntity(next: PanFormData, master: BusinessEntityMaster): PanFormData {
  const allowed = entitiesForPan(next.pancard_number, master);
  if (next.business_entity_id !== undefined && allowed.some((entity) => entity.id === next.business_entity_id)) return next;
  const { business_entity_id: _dropped, ...rest } = next;
  return allowed.length === 1 ? { ...rest, business_entity_id: allowed[0]!.id } : rest;
}
