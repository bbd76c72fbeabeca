import { areaCodes, categoryById, type BusinessCategory, type BusinessSubCategory } from '../../../schemas/businessCategories';
import { message } from '../../../schemas/messages';
import type { FieldErrors } from '../../../schemas/types';
import { validationError } from '../../errors';
import type { MerchantRecord } from '../store';
import type { StepUpdate } from './types';
import { contextErrors } from './contextErrors';

const SCHEMA_ID = 'https://onboarding.local/schemas/steps/business-details.json';

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
  gst_number?: string;
  business_name?: string;
  shop_number?: string;
  area_code?: string;
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

/** Refusals that need the stored record: the GSTIN's PAN, owners when ubo_exist, filled category, unknown owners. */
function recordErrors(record: MerchantRecord, data: BusinessDetails): FieldErrors {
  const { $context: _ignored, ...fields } = data;
  const errors: FieldErrors = {
    ...contextErrors(SCHEMA_ID, fields, { pancard_number: record.pancard_number ?? null, ubo_exist: record.ubo_exist ?? null }),
  };
  if (record.business_category_id != null && record.business_category_id !== data.business_category_id) {
    errors.business_category_id = [message('business.category.readOnly')];
  }
  if (record.business_sub_category_id != null && record.business_sub_category_id !== data.business_sub_category_id) {
    errors.business_sub_category_id = [message('business.subCategory.readOnly')];
  }
  const savedIds = new Set(beneficiariesOf(record).map((owner) => owner.id));
  (data.ultimate_beneficiaries ?? []).forEach((owner, index) => {
    if (owner.id !== undefined && !savedIds.has(owner.id)) errors[`ultimate_beneficiaries.${index}.id`] = [message('business.ubo.unknown')];
  });
  return errors;
}

/** Saved owners updated in place, new ones appended with fresh ids; removing a saved one is the DELETE call's job. */
function mergeBeneficiaries(saved: StoredBeneficiary[], sent: readonly BeneficiaryInput[]): StoredBeneficiary[] {
  let nextId = saved.reduce((max, owner) => Math.max(max, owner.id), 0);
  const toStored = (owner: BeneficiaryInput, id: number): StoredBeneficiary => ({
    id,
    name: owner.name,
    pancard_number: owner.pancard_number,
    ownership_percentage: owner.ownership_percentage ?? null,
  });
  const byId = new Map(sent.filter((owner) => owner.id !== undefined).map((owner) => [owner.id, owner]));
  const kept = saved.map((owner) => {
    const update = byId.get(owner.id);
    return update ? toStored(update, owner.id) : owner;
  });
  const added = sent.filter((owner) => owner.id === undefined).map((owner) => toStored(owner, ++nextId));
  return [...kept, ...added];
}

/**
 * The business-details step: category and sub-category from master data (read-only once filled), monthly volume,
 * optional GSTIN (matching the merchant's PAN), trade name (else the PAN name), shop registration with its area,
 * and the ultimate beneficial owners.
 */
export const businessDetailsUpdate: StepUpdate<BusinessDetails, CheckedBusinessDetails> = {
  step: 'business-details',
  key: 'business_category_id',
  async prepare(data) {
    const category = categoryById(data.business_category_id);
    if (!category) throw validationError({ business_category_id: [message('business.category.unknown')] });
    const subCategory = category.business_sub_categories.find((sub) => sub.id === data.business_sub_category_id);
    const errors: FieldErrors = {};
    if (!subCategory) errors.business_sub_category_id = [message('business.subCategory.notInCategory')];
    if (data.area_code !== undefined && !areaCodes.some((area) => area.code === data.area_code)) {
      errors.area_code = [message('business.areaCode.unknown')];
    }
    if (!subCategory || Object.keys(errors).length > 0) throw validationError(errors);
    return { data, category, subCategory };
  },
  apply(record, { data, category, subCategory }) {
    const errors = recordErrors(record, data);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const panName = typeof record.pancard_name === 'string' ? record.pancard_name : null;
    const businessName = data.business_name ?? panName;
    return {
      ...record,
      business_category_id: category.id,
      business_category_name: category.name,
      business_sub_category_id: subCategory.id,
      business_sub_category_name: subCategory.name,
      monthly_expected_volume: data.monthly_expected_volume,
      gst_number: data.gst_number ?? null,
      business_name: businessName,
      business_pan_name_match: businessName !== null && panName !== null ? businessName.toUpperCase() === panName.toUpperCase() : null,
      shop_number: data.shop_number ?? null,
      area_code: data.area_code ?? null,
      ultimate_beneficiaries: mergeBeneficiaries(beneficiariesOf(record), data.ultimate_beneficiaries ?? []),
    };
  },
};
