import { signatoryTitleKey } from '../../../schemas/signatoryTitles';
import type { Merchant } from '../../shared/api/types';
import { t } from '../../shared/ui/t';

/** The signing-authority step's form data (schemas/steps/signing-authority.json). */
export interface SigningAuthorityFormData {
  name?: string;
  email?: string;
  pancard_number?: string;
  cin_number?: string;
  pep?: number;
  $context?: { business_entity_id: number | null };
}

interface StoredSignatory {
  id: number;
  name: string | null;
  email: string | null;
  pancard_number: string | null;
  cin_number: string | null;
  pep: number | null;
}

/** The merchant's account (null until it exists) and its signing authority, the first signatory. */
export function signingAccountOf(merchant: Merchant): { uuid: string; signatory?: StoredSignatory } | null {
  const account = merchant.account as { uuid: string; signatory_contact_details: StoredSignatory[] } | null | undefined;
  return account ? { uuid: account.uuid, signatory: account.signatory_contact_details[0] } : null;
}

/** The form data of the saved signing authority, with the merchant's entity as `$context` (it decides whether a CIN is required). */
export function signingAuthorityFormDataOf(merchant: Merchant): SigningAuthorityFormData {
  const signatory = signingAccountOf(merchant)?.signatory;
  const data: SigningAuthorityFormData = {};
  for (const field of ['name', 'email', 'pancard_number', 'cin_number'] as const) {
    const value = signatory?.[field];
    if (typeof value === 'string' && value) data[field] = value;
  }
  if (typeof signatory?.pep === 'number') data.pep = signatory.pep;
  data.$context = { business_entity_id: typeof merchant.business_entity_id === 'number' ? merchant.business_entity_id : null };
  return data;
}

/** The body of PUT /accounts/{id}: the form's fields (no `$context`) as the one signatory, with the saved signatory's id. */
export function signatoryUpdateBody(merchant: Merchant, values: SigningAuthorityFormData) {
  const { $context: _context, ...fields } = values;
  const saved = signingAccountOf(merchant)?.signatory;
  return {
    account: { signatory_contact_details_attributes: [saved ? { id: saved.id, ...fields } : fields] },
    merchant_uuid: merchant.uuid,
  };
}

/** The step's heading: with the signatory's title for the merchant's entity (Partner, Director, Member) when it has one. */
export function signingAuthorityHeading(merchant: Merchant): string {
  const entity = merchant.business_entity as { name?: string } | null | undefined;
  const titleKey = signatoryTitleKey(entity?.name);
  return titleKey ? t('signing.headingWithTitle', { title: t(titleKey) }) : t('signing.heading');
}
