import { isDeepStrictEqual } from 'node:util';
import { pick } from '../../rules/steps/definitionOperations';
import { compiledStep } from '../../rules/steps/compiledSteps';
import type { MerchantRecord } from './store';
import type { Address } from './updates/addresses';

/**
 * The KYC step's context (schemas/steps/kyc.step.json), which its schema reads as `$context`: the sources the business
 * entity's registered address may come from (schemas/master/business-entities.json: its signatory's own, or the
 * company registry's registered office, which the step fills from the signatory's CIN), and the signatory's address
 * as Aadhaar or central KYC found it.
 */
export interface KycContext {
  registered_address_from_signatory: boolean;
  registered_address_from_registry: boolean;
  signatory_address: Address | null;
}

/** The KYC step's context projected from the stored record, as the step's form and every server check read it. */
export function kycContextOf(record: MerchantRecord): KycContext {
  const step = compiledStep('kyc');
  if (!step) throw new Error('No step definition kyc');
  return step.contextOf(record) as unknown as KycContext;
}

/**
 * The registered address the documents the portal writes print (service agreement, authorisation letter, Schedule C):
 * the registered address on record, else the operating one. None when that is the signatory's own address as Aadhaar
 * or central KYC found it and the entity's registered address is the business's: a record saved before the KYC step
 * refused such an address prints "not on record" rather than a director's home as the company's address.
 */
export function registeredAddressOf(record: MerchantRecord): Address | null {
  const address = (record.registration_address ?? record.operating_address) as Address | null;
  if (!address) return null;
  const { registered_address_from_signatory: maySignatorys, signatory_address: signatorys } = kycContextOf(record);
  const isSignatorys = signatorys !== null && isDeepStrictEqual(pick(address, 'address_line', 'city', 'pincode', 'state'), signatorys);
  return isSignatorys && !maySignatorys ? null : address;
}
