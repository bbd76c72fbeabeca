import bankFormEntities from '../../../schemas/master/bank-form-entities.json';
import type { UiSchema } from '../../../schemas/types';
import type { Merchant } from '../../shared/api/types';

/** One address of the KYC step. */
export interface AddressFields {
  address_line?: string;
  city?: string;
  pincode?: string;
  state?: string;
}

/** The KYC step's manual address form data (schemas/steps/kyc.json). */
export interface AddressFormData {
  registration_address?: AddressFields;
  same_as_registration?: boolean;
  operating_address?: AddressFields;
}

/** The two addresses of the form, by field name. */
export const ADDRESS_FIELDS = ['registration_address', 'operating_address'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const PINCODE = /^[1-9][0-9]{5}$/;

const storedAddress = (value: unknown): AddressFields | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const { address_line, city, pincode, state } = value as Record<string, string>;
  return { address_line, city, pincode, state };
};

/** The form data of the merchant's saved addresses; "same as registration" when both are saved and equal. */
export function addressFormDataOf(merchant: Merchant): AddressFormData {
  const registration = storedAddress(merchant.registration_address);
  const operating = storedAddress(merchant.operating_address);
  const data: AddressFormData = {};
  if (registration) data.registration_address = registration;
  if (operating) data.operating_address = operating;
  if (registration && operating && JSON.stringify(registration) === JSON.stringify(operating)) data.same_as_registration = true;
  return data;
}

/** With "same as registration" ticked, the operating address follows the registration address. */
export function copyRegistrationAddress(next: AddressFormData): AddressFormData {
  return next.same_as_registration ? { ...next, operating_address: { ...next.registration_address } } : next;
}

/** The address uiSchema for the merchant: the entity's address hint (schemas/master/bank-form-entities.json), the operating address read-only while it follows the registered one. */
export function addressUiSchemaFor(uiSchema: UiSchema, data: AddressFormData, entityId?: number | null): UiSchema {
  const hint = (bankFormEntities.entities as Record<string, { address_hint?: string } | undefined>)[String(entityId)]?.address_hint;
  const withHint = hint ? { ...uiSchema, registration_address: { ...(uiSchema.registration_address as UiSchema), 'ui:description': hint } } : uiSchema;
  if (!data.same_as_registration) return withHint;
  return { ...withHint, operating_address: { ...(uiSchema.operating_address as UiSchema), 'ui:readonly': true } };
}

/** The addresses whose pincode changed to a well-formed 6-digit one between two versions of the form data. */
export function pincodesToLookUp(previous: AddressFormData, next: AddressFormData): Array<{ field: AddressField; pincode: string }> {
  return ADDRESS_FIELDS.flatMap((field) => {
    const pincode = next[field]?.pincode;
    return pincode && PINCODE.test(pincode) && pincode !== previous[field]?.pincode ? [{ field, pincode }] : [];
  });
}

/** The form data with the city and state the pincode lookup found filled into one address (and the copy that follows it). */
export function withPincodeDetail(data: AddressFormData, field: AddressField, pincode: string, detail: { city: string; state: string }): AddressFormData {
  if (data[field]?.pincode !== pincode) return data;
  return copyRegistrationAddress({ ...data, [field]: { ...data[field], city: detail.city, state: detail.state } });
}
