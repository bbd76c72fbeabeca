import { describe, expect, it } from 'vitest';
import { newMerchantRecord } from '../../server/merchants/store';
import { stepFlagsOf } from '../../server/merchants/stepFlags';
import { panDetailsUpdate } from '../../server/merchants/updates/panDetails';
import { sandboxPanProvider } from '../../server/providers/sandbox';
import type { Providers } from '../../server/providers/types';

const providers = { pan: sandboxPanProvider } as unknown as Providers;
const record = newMerchantRecord('11111111-2222-3333-4444-555555555555', 1, { email: 'a@example.com', mobile: null, name: 'A' });
const update = panDetailsUpdate;

describe('panDetailsUpdate and the account', () => {
  it('creates the account when the PAN is verified, which unlocks the signing-authority step', async () => {
    const updated = update.apply(record, await update.prepare({ pancard_number: 'AAACN4521K', business_entity_id: 6 }, providers));
    expect(updated.account).toEqual({ uuid: updated.account_uuid, signatory_contact_details: [] });
    expect(stepFlagsOf(updated, 'signing-authority')).toMatchObject({ locked: false, todo: true });
  });

  it('keeps an existing account, and creates none for a PAN that fails verification', async () => {
    const verified = update.apply(record, await update.prepare({ pancard_number: 'AAACN4521K', business_entity_id: 6 }, providers));
    const again = update.apply(verified, await update.prepare({ pancard_number: 'AAACN4521K', business_entity_id: 7 }, providers));
    expect(again.account).toEqual(verified.account);
    const failed = update.apply(record, await update.prepare({ pancard_number: 'AAACN0000K', business_entity_id: 6 }, providers));
    expect(failed.account).toBeNull();
  });
});
