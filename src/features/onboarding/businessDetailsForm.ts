import { subCategoriesOf, type AreaCode, type BusinessCategory } from '../../../schemas/businessCategories';
import { stepForms } from '../../../schemas/registry';
import type { FieldErrors, JsonSchema, UiSchema } from '../../../schemas/types';
import { withFieldOptions } from '../../../schemas/withFieldOptions';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';
import type { LinkedGstin } from './businessDetailsApi';

/** One ultimate beneficial owner row of the form; `id` for one already saved. */
export interface BeneficiaryRow {
  id?: number;
  name?: string;
  pancard_number?: string;
  ownership_percentage?: number;
}

/** The business-details step's form data; `$context` is the merchant's, for the PAN and ubo_exist checks. */
export interface BusinessFormData {
  business_category_id?: number;
  business_sub_category_id?: number;
  monthly_expected_volume?: string;
  gst_number?: string;
  business_name?: string;
  shop_number?: string;
  area_code?: string;
  ultimate_beneficiaries?: BeneficiaryRow[];
  $context?: { pancard_number: string | null; ubo_exist: boolean };
}

/** The master data and lookups the form offers as choices. */
export interface BusinessFormChoices {
  categories: readonly BusinessCategory[];
  areaCodes: readonly AreaCode[];
  linkedGstins: readonly LinkedGstin[];
}

const FIELDS = ['business_category_id', 'business_sub_category_id', 'monthly_expected_volume', 'gst_number', 'business_name', 'shop_number', 'area_code'] as const;
/** Fields that cannot change once the record has them (onboarding spec section 7, Agreement details form). */
export const READ_ONLY_ONCE_FILLED = ['business_category_id', 'business_sub_category_id'] as const;

/** The step's data as stored on the merchant record, with the merchant's `$context`. */
export function businessFormDataOf(merchant: Merchant): BusinessFormData {
  const data: Record<string, unknown> = {};
  for (const field of FIELDS) if (merchant[field] !== null && merchant[field] !== undefined) data[field] = merchant[field];
  const owners = Array.isArray(merchant.ultimate_beneficiaries) ? (merchant.ultimate_beneficiaries as BeneficiaryRow[]) : [];
  if (merchant.ubo_exist === true) {
    data.ultimate_beneficiaries = owners.map(({ id, name, pancard_number, ownership_percentage }) => ({
      id,
      name,
      ...(pancard_number ? { pancard_number } : {}),
      ...(ownership_percentage !== null && ownership_percentage !== undefined ? { ownership_percentage } : {}),
    }));
  }
  data.$context = { pancard_number: typeof merchant.pancard_number === 'string' ? merchant.pancard_number : null, ubo_exist: merchant.ubo_exist === true };
  return data as BusinessFormData;
}

/** A copy of `uiSchema` whose `fields` are read-only where the merchant record already has a value. */
export function withReadonlyFilledFields(uiSchema: UiSchema, merchant: Merchant, fields: readonly string[] = READ_ONLY_ONCE_FILLED): UiSchema {
  const result: UiSchema = { ...uiSchema };
  for (const field of fields) {
    if (merchant[field] !== null && merchant[field] !== undefined) result[field] = { ...((uiSchema[field] ?? {}) as UiSchema), 'ui:readonly': true };
  }
  return result;
}

/**
 * The step's schema and uiSchema for the data so far: category, sub-category (of the chosen category) and area code
 * choices from master data, the PAN-linked GSTINs offered on the GST field, filled category fields read-only, and
 * beneficial owners only when the merchant has ubo_exist.
 */
export function businessFormFor(data: BusinessFormData, choices: BusinessFormChoices, merchant: Merchant): { schema: JsonSchema; uiSchema: UiSchema } {
  const { schema: stepSchema, uiSchema: stepUiSchema } = stepForms['business-details']!;
  let schema = withFieldOptions(stepSchema, 'business_category_id', choices.categories.map(({ id, name }) => ({ value: id, label: name })));
  const subCategories = subCategoriesOf(data.business_category_id, choices.categories);
  if (subCategories.length > 0) {
    schema = withFieldOptions(schema, 'business_sub_category_id', subCategories.map(({ id, name }) => ({ value: id, label: name })));
  }
  schema = withFieldOptions(schema, 'area_code', choices.areaCodes.map(({ area, code }) => ({ value: code, label: area })));
  const properties = { ...(schema.properties as Record<string, JsonSchema>) };
  let uiSchema = withReadonlyFilledFields(stepUiSchema, merchant);
  // Sub-types are those of the chosen type: none to offer until a type is chosen.
  if (subCategories.length === 0) uiSchema = { ...uiSchema, business_sub_category_id: { 'ui:widget': 'hidden' } };
  if (choices.linkedGstins.length > 0) {
    properties.gst_number = { ...properties.gst_number, examples: choices.linkedGstins.map(({ gstin }) => gstin) };
    uiSchema = { ...uiSchema, gst_number: { ...(uiSchema.gst_number as UiSchema), 'ui:help': t('business.gst.linkedHelp') } };
  }
  if (merchant.ubo_exist !== true) delete properties.ultimate_beneficiaries;
  return { schema: { ...schema, properties }, uiSchema };
}

/**
 * After a change: a sub-category not of the chosen category is cleared, and choosing a PAN-linked GSTIN fills the
 * trade name with its registered trade name.
 */
export function adjustBusinessData(next: BusinessFormData, previous: BusinessFormData, choices: BusinessFormChoices): BusinessFormData {
  let adjusted = next;
  const subCategories = subCategoriesOf(next.business_category_id, choices.categories);
  if (adjusted.business_sub_category_id !== undefined && !subCategories.some((sub) => sub.id === adjusted.business_sub_category_id)) {
    const { business_sub_category_id: _cleared, ...rest } = adjusted;
    adjusted = rest;
  }
  const linked = choices.linkedGstins.find(({ gstin }) => gstin === next.gst_number);
  if (linked && next.gst_number !== previous.gst_number) adjusted = { ...adjusted, business_name: linked.tradename };
  return adjusted;
}

/** The ids of saved beneficial owners present in `data` but gone from `next`: the rows to DELETE. */
export function removedBeneficiaryIds(previous: BusinessFormData, next: BusinessFormData): number[] {
  const kept = new Set((next.ultimate_beneficiaries ?? []).map((owner) => owner.id));
  return (previous.ultimate_beneficiaries ?? []).flatMap((owner) => (owner.id !== undefined && !kept.has(owner.id) ? [owner.id] : []));
}

/** The PUT body's merchant: the form data without `$context`, which the server takes from the record. */
export function businessBodyOf(values: BusinessFormData): Omit<BusinessFormData, '$context'> {
  const { $context: _context, ...body } = values;
  return body;
}

/** The text of a failed business submit: the gst_number error, else the generic text (spec section 8). */
export function businessSubmitProblem(errors: FieldErrors | undefined): string {
  return errors?.gst_number?.[0] ?? t('business.submitFailed');
}
