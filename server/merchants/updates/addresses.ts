import type { MerchantRecord } from '../store';
import type { StepUpdate } from './types';

/** An address as the KYC step sends it and the merchant record stores it. */
export interface Address {
  address_line: string;
  city: string;
  pincode: string;
  state: string;
}

/** The KYC step's manual address fields (schemas/steps/kyc.json). */
export interface AddressDetails {
  registration_address: Address;
  operating_address?: Address;
  same_as_registration?: boolean;
}

/** Only the four address fields, in a fixed order. */
const stored = ({ address_line, city, pincode, state }: Address): Address => ({ address_line, city, pincode, state });

/** The addresses to store: with "same as registration" the operating address is the registration address, whatever was sent. */
export function addressesToStore(data: AddressDetails): { registration_address: Address; operating_address: Address } {
  const registration = stored(data.registration_address);
  const operating = data.same_as_registration || !data.operating_address ? registration : stored(data.operating_address);
  return { registration_address: registration, operating_address: { ...operating } };
}

/** The KYC step, manual path: registration and operating addresses (PUT /merchants/{uuid} with merchant {registration_address, operating_address}). */
export const addressesUpdate: StepUpdate<AddressDetails, AddressDetails> = {
  step: 'kyc',
  key: 'registration_address',
  async prepare(data) {
    return data;
  },
  apply(record: MerchantRecord, data) {
    return { ...record, ...addressesToStore(data) };
  },
};
