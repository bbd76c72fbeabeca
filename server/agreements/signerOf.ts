import rulesConfig from '../../rules/config';
import { evaluateStatus } from '../../rules/evaluate';
import { userContactOf } from '../auth/users';
import type { Queryable } from '../db/database';
import { signatoryOf } from '../documents/generatedDocuments';
import { apiError } from '../errors';
import type { MerchantRecord } from '../merchants/store';
import type { Signer } from './esign';

/** Who signs for the merchant: an individual signs for themself; a business's first signatory signs for it. */
export async function signerOf(db: Queryable, record: MerchantRecord, userId: string): Promise<Signer> {
  const legalName = (typeof record.pancard_name === 'string' && record.pancard_name) || (typeof record.business_name === 'string' && record.business_name) || String(record.name ?? '');
  const individual = evaluateStatus(record, rulesConfig).agreementSignedByHolder === true;
  if (individual) {
    const user = await userContactOf(db, userId);
    const email = user?.email ?? (typeof record.email === 'string' ? record.email : null);
    if (!email) throw apiError('SIGNATORY_MISSING');
    return { name: legalName, email, for: legalName, mid: record.mid };
  }
  const signatory = signatoryOf(record);
  if (!signatory?.name || !signatory.email) throw apiError('SIGNATORY_MISSING');
  return { name: signatory.name, email: signatory.email, for: legalName, mid: record.mid };
}
