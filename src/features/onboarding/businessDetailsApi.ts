import useSWRImmutable from 'swr/immutable';
import type { AreaCode, BusinessCategory } from '../../../schemas/businessCategories';
import { apiFetch } from '../../shared/api/fetcher';
import type { Merchant } from '../../shared/api/types';

/** A GST registration linked to a PAN: the GSTIN and its trade name. */
export interface LinkedGstin {
  gstin: string;
  tradename: string;
}

/** The paths of the business-details calls (onboarding spec section 7). */
export const businessDetailsPaths = {
  businessCategories: '/api/v1/business_categories',
  areaCodes: '/api/v1/area_codes',
  panGstDetails: (merchantId: string) => `/api/v1/dvs_wrapper/${merchantId}/pan_gst_details`,
  gstinDetails: (merchantId: string) => `/api/v1/dvs_wrapper/${merchantId}/gstin_details`,
  shopDetails: (merchantId: string) => `/api/v1/dvs_wrapper/${merchantId}/shop_details`,
  beneficiary: (merchantId: string, beneficiaryId: number) => `/api/v1/merchants/${merchantId}/ultimate_beneficiaries/${beneficiaryId}`,
} as const;

/** Business categories with their sub-categories (master data: fetched once). */
export function useBusinessCategories() {
  return useSWRImmutable(businessDetailsPaths.businessCategories, (path: string) =>
    apiFetch<{ business_categories: BusinessCategory[] }>(path).then((body) => body.business_categories),
  );
}

/** Shop-establishment area codes (master data: fetched once). */
export function useAreaCodes() {
  return useSWRImmutable(businessDetailsPaths.areaCodes, (path: string) => apiFetch<{ area_codes: AreaCode[] }>(path).then((body) => body.area_codes));
}

/** The GST registrations linked to the merchant's PAN; none when the PAN is missing (a failed lookup is silent). */
export function useLinkedGstins(merchantId: string, pan: string | null) {
  return useSWRImmutable(pan ? [businessDetailsPaths.panGstDetails(merchantId), pan] : null, ([path, panNumber]: [string, string]) =>
    apiFetch<{ pan_detail: { name: string; gst_details: LinkedGstin[] } }>(path, { method: 'POST', body: { pan_number: panNumber } }).then(
      (body) => body.pan_detail.gst_details,
    ),
  );
}

/** The trade name of a GSTIN (DVS lookup). */
export const fetchGstinTradeName = (merchantId: string, gstin: string) =>
  apiFetch<{ gstin_details: { tradename: string } }>(businessDetailsPaths.gstinDetails(merchantId), { method: 'POST', body: { gstin } }).then(
    (body) => body.gstin_details.tradename,
  );

/** The entity a shop-establishment registration belongs to (DVS lookup). */
export const fetchShopEntityName = (merchantId: string, regNo: string, areaCode: string) =>
  apiFetch<{ shop_details: { entity_name: string } }>(businessDetailsPaths.shopDetails(merchantId), {
    method: 'POST',
    body: { reg_no: regNo, area_code: areaCode },
  }).then((body) => body.shop_details.entity_name);

/** Removes a saved ultimate beneficial owner; answers the updated merchant. */
export const deleteBeneficiary = (merchantId: string, beneficiaryId: number) =>
  apiFetch<{ merchant: Merchant }>(businessDetailsPaths.beneficiary(merchantId, beneficiaryId), { method: 'DELETE' }).then((body) => body.merchant);
