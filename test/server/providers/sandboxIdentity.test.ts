import { describe, expect, it } from 'vitest';
import { pincodeMismatches } from '../../../server/merchants/updates/addresses';
import { SANDBOX_ADDRESSES } from '../../../server/providers/sandboxIdentity';

describe('sandboxIdentityProvider()', () => {
  it.each(SANDBOX_ADDRESSES.map((address) => [address.pincode, address] as const))(
    'finds an address the KYC step saves as it is: %s has the city and state of its pincode',
    async (_pincode, address) => {
      expect(await pincodeMismatches({ registration_address: { ...address }, same_as_registration: true })).toEqual({});
    },
  );
});
