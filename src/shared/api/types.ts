import type { BusinessEntity } from '../../../schemas/businessEntities';

/** A merchant record as GET /api/v1/merchants/{id} returns it (schemas/records/merchant.json). */
export type Merchant = { uuid: string; mid: number; [field: string]: unknown };

export interface MerchantSummary {
  uuid: string;
  mid: number;
  name: string | null;
  pancard_number: string | null;
  /** The user's role at the merchant (an ACL role's name, or Owner). */
  role_name?: string;
}

export interface BusinessEntitiesResponse {
  business_entities: BusinessEntity[];
  meta: { pan_business_entity_mapping: Record<string, string[]> };
}

export interface TokenInfo {
  acl_role: { name: string; acl_permissions: Array<{ name: string; scopes: string[] }> };
}

export interface TokenData {
  access_token: string;
  expires_in: number;
  user_uuid: string;
}
