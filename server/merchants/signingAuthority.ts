import { randomUUID } from 'node:crypto';
import { message } from '../../schemas/messages';
import { validationError } from '../errors';
import type { SigningAuthorityBody } from '../../schemas/generated/stepBodies';
import type { MerchantRecord } from './store';

/** The merchant's account as the record stores it (schemas/records/merchant.json). */
export type StoredAccount = NonNullable<MerchantRecord['account']>;

/** A signatory as the merchant record stores it (schemas/records/merchant.json $defs.signatory). */
export type StoredSignatory = StoredAccount['signatory_contact_details'][number];

/** The signing-authority step's fields (schemas/steps/signing-authority.json), plus the id of a saved signatory. */
export type SignatoryInput = SigningAuthorityBody & { id?: number };

/** The account stored on a record, or null before it exists. */
export function accountOf(record: MerchantRecord): StoredAccount | null {
  return record.account ?? null;
}

/** The record with an (empty) account, created once: the signing-authority step is locked until the account exists. */
export function withAccount(record: MerchantRecord): MerchantRecord {
  if (accountOf(record)) return record;
  const uuid = randomUUID();
  return { ...record, account_uuid: uuid, account: { uuid, signatory_contact_details: [] } };
}

/**
 * The record with its signing authority (the account's first signatory) set from the step's fields: an `id`, when
 * sent, must be that signatory's; the signatory is always the authorised signatory of type "Signing Authority".
 */
export function withSigningAuthority(record: MerchantRecord, input: SignatoryInput): MerchantRecord {
  const account = accountOf(record);
  if (!account) throw new Error('withSigningAuthority() needs an account');
  const [current, ...others] = account.signatory_contact_details;
  if (input.id !== undefined && input.id !== current?.id) throw validationError({ id: [message('signing.signatory.unknown')] });
  const id = current?.id ?? account.signatory_contact_details.reduce((max, signatory) => Math.max(max, signatory.id), 0) + 1;
  const signatory: StoredSignatory = {
    id,
    name: input.name,
    email: input.email,
    pancard_number: input.pancard_number,
    cin_number: input.cin_number ?? null,
    authorised_signatory: true,
    contact_detail_type: 'Signing Authority',
    pep: input.pep ?? null,
  };
  return { ...record, account: { ...account, signatory_contact_details: [signatory, ...others] } };
}
