import { emptyFieldErrors } from '../../../schemas/fieldErrors';
import type { KycBody } from '../../../schemas/generated/stepBodies';
import { message } from '../../../schemas/messages';
import type { FieldErrors } from '../../../schemas/types';
import { validationError } from '../../errors';
import { pincodeDetail } from '../../reference/pincodes';
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
export type AddressDetails = KycBody;

/**
 * Only the four address fields, in a fixed order. City and state are there: the KYC schema requires them once the
 * pincode is valid (an `if` its generated type cannot say), and only an address it accepted is stored.
 */
function stored({ address_line, city, pincode, state }: KycBody['registration_address']): Address {
  if (city === undefined || state === undefined) throw new Error('An address to store has a city and a state (schemas/steps/kyc.json)');
  return { address_line, city, pincode, state };
}

/** The addresses to store: with "same as registration" the operating address is the registration address, whatever was sent. */
export function addressesToStore(data: AddressDetails): { registration_address: Address; operating_address: Address } {
  const registration = stored(data.registration_address);
  const operating = data.same_as_registration || !data.operating_address ? registration : stored(data.operating_address);
  return { registration_address: registration, operating_address: { ...operating } };
}

/** The message keys of a city or state that is not the pincode's, by field. */
const MISMATCH_MESSAGES = { city: 'address.city.notForPincode', state: 'address.state.notForPincode' } as const;

const sameName = (sent: string, listed: string) => sent.trim().toLowerCase() === listed.trim().toLowerCase();

/**
 * The city and state of each address to store checked against the offline pincode data (letter case and surrounding
 * spaces aside). A pincode the data lacks leaves them free. Keyed like schema errors (`registration_address.city`).
 */
export async function pincodeMismatches(data: AddressDetails): Promise<FieldErrors> {
  const errors = emptyFieldErrors();
  const addresses = addressesToStore(data);
  const checked = data.same_as_registration ? (['registration_address'] as const) : (['registration_address', 'operating_address'] as const);
  for (const field of checked) {
    const address = addresses[field];
    const listed = await pincodeDetail(address.pincode);
    if (!listed) continue;
    for (const part of ['city', 'state'] as const) {
      if (!sameName(address[part], listed[part])) errors[`${field}.${part}`] = [message(MISMATCH_MESSAGES[part], { [part]: listed[part] })];
    }
  }
  return errors;
}

/** The KYC step, manual path: registration and operating addresses (PUT /merchants/{uuid} with merchant {registration_address, operating_address}). */
export const addressesUpdate: StepUpdate<AddressDetails, AddressDetails> = {
  step: 'kyc',
  name: 'kyc',
  async prepare(data) {
    const errors = await pincodeMismatches(data);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    return data;
  },
  apply(record: MerchantRecord, data) {
    return { ...record, ...addressesToStore(data) };
  },
  addendum: { source: 'address', data: (data) => ({ ...addressesToStore(data) }) },
};
