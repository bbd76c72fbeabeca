import { categoryById, type BusinessCategory, type BusinessSubCategory } from '../businessCategories';
import { emptyFieldErrors } from '../../../schemas/fieldErrors';
import { message } from '../../../schemas/messages';
import type { FieldErrors } from '../../../schemas/types';
import { validationError } from '../../errors';
import type { MerchantRecord } from '../store';
import type { StepUpdate } from './types';

/** One ultimate beneficial owner as the step sends it: `id` only for one already saved. */
export interface BeneficiaryInput {
  id?: number;
  name: string;
  pancard_number: string;
  ownership_percentage?: number;
}

/** The business-details step's fields (schemas/steps/business-details.json). */
export interface BusinessDetails {
  business_category_id: number;
  business_sub_category_id: number;
  monthly_expected_volume: string;
  /** Optional fields: absent keeps the stored value, null clears it (the definition's submit.clearable). */
  gst_number?: string | null;
  business_name?: string | null;
  shop_number?: string | null;
  area_code?: string | null;
  ubo_exist?: boolean;
  ultimate_beneficiaries?: BeneficiaryInput[];
  $context?: unknown;
}

interface CheckedBusinessDetails {
  data: BusinessDetails;
  category: BusinessCategory;
  subCategory: BusinessSubCategory;
}

/** A beneficial owner as the merchant record stores it (schemas/records/merchant.json). */
export interface StoredBeneficiary {
  id: number;
  name: string;
  pancard_number: string | null;
  ownership_percentage: number | null;
}

/** The beneficial owners stored on a record. */
export function beneficiariesOf(record: MerchantRecord): StoredBeneficiary[] {
  return Array.isArray(record.ultimate_beneficiaries) ? (record.ultimate_beneficiaries as StoredBeneficiary[]) : [];
}

/**
 * Refusals about saved owners, which need the stored record: unknown or repeated owner ids. The GSTIN's PAN, owners
 * when ubo_exist and the read-only category are the step definition's (schemas/steps/business-details.step.json),
 * checked with the stored record by checkStepBody before this.
 */
function recordErrors(record: MerchantRecord, data: BusinessDetails): FieldErrors {
  const errors = emptyFieldErrors();
  const savedIds = new Set(beneficiariesOf(record).map((owner) => owner.id));
  const sentIds = new Set<number>();
  (data.ultimate_beneficiaries ?? []).forEach((owner, index) => {
    if (owner.id === undefined) return;
    if (!savedIds.has(owner.id)) errors[`ultimate_beneficiaries.${index}.id`] = [message('business.ubo.unknown')];
    else if (sentIds.has(owner.id)) errors[`ultimate_beneficiaries.${index}.id`] = [message('business.ubo.duplicate')];
    sentIds.add(owner.id);
  });
  return errors;
}

/**
 * The list sent replaces the stored one: a saved owner sent with its id keeps it, a new one gets the next id, a saved
 * owner left out is gone.
 */
function replacedBeneficiaries(saved: StoredBeneficiary[], sent: readonly BeneficiaryInput[]): StoredBeneficiary[] {
  let nextId = saved.reduce((max, owner) => Math.max(max, owner.id), 0);
  return sent.map((owner) => ({
    id: owner.id ?? ++nextId,
    name: owner.name,
    pancard_number: owner.pancard_number,
    ownership_percentage: owner.ownership_percentage ?? null,
  }));
}

/**
 * The business-details step: category and sub-category from master data (read-only once filled), monthly volume,
 * optional GSTIN (matching the merchant's PAN), trade name (else the PAN name), shop registration with its area,
 * and the ultimate beneficial owners. What the form checks too (the sub-category of its category, the area code of the
 * list, the owners' shares up to 100 %) is the step schema's, checked by checkStepBody before this.
 */
export const businessDetailsUpdate: StepUpdate<BusinessDetails, CheckedBusinessDetails> = {
  step: 'business-details',
  name: 'business-details',
  async prepare(data) {
    const category = categoryById(data.business_category_id);
    if (!category) throw validationError({ business_category_id: [message('business.category.unknown')] });
    // The step schema held the sub-category to its category (subCategoryOf), as the form does.
    const subCategory = category.business_sub_categories.find((sub) => sub.id === data.business_sub_category_id);
    if (!subCategory) throw new Error(`Sub-category ${data.business_sub_category_id} of category ${category.id} passed the step schema`);
    return { data, category, subCategory };
  },
  apply(record, { data, category, subCategory }) {
    const errors = recordErrors(record, data);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const panName = typeof record.pancard_name === 'string' ? record.pancard_name : null;
    // An optional field absent keeps what the record holds; null clears it (a partial update, as the agreement details send).
    const kept = (field: 'gst_number' | 'business_name' | 'shop_number' | 'area_code') =>
      field in data ? (data[field] ?? null) : typeof record[field] === 'string' ? (record[field] as string) : null;
    const businessName = kept('business_name') ?? panName;
    return {
      ...record,
      business_category_id: category.id,
      business_category_name: category.name,
      business_sub_category_id: subCategory.id,
      business_sub_category_name: subCategory.name,
      monthly_expected_volume: data.monthly_expected_volume,
      gst_number: kept('gst_number'),
      business_name: businessName,
      business_pan_name_match: businessName !== null && panName !== null ? businessName.toUpperCase() === panName.toUpperCase() : null,
      shop_number: kept('shop_number'),
      area_code: kept('area_code'),
      ubo_exist: data.ubo_exist ?? record.ubo_exist ?? null,
      // The list sent replaces the stored one; no list keeps it; "no owners" (ubo_exist false) empties it.
      ultimate_beneficiaries:
        data.ubo_exist === false ? [] : data.ultimate_beneficiaries === undefined ? beneficiariesOf(record) : replacedBeneficiaries(beneficiariesOf(record), data.ultimate_beneficiaries),
    };
  },
};
