import { t } from '../../shared/ui/t';
import type { QueuedDocument } from './api';

/** One fact a reviewer checks: its catalogue label, its value, and whether the value is an address to open. */
export type Fact = [label: string, value: string | null | undefined, link?: boolean];

/**
 * The data a KYC document must match, from the merchant record, by whose document it is: the business's (PAN name,
 * PAN, business name, registered address, GSTIN), the signing authority's (name, PAN, e-mail of each) or a beneficial
 * owner's (name and PAN of each). A party missing from the record is said to be missing, not left out.
 */
export function ownerFacts({ owner, merchant }: QueuedDocument): Fact[] {
  if (owner === 'signing_authority') {
    const people = merchant.signatories ?? [];
    if (!people.length) return [['ops.queue.signatoryName', t('ops.queue.noSignatory')]];
    return people.flatMap((person): Fact[] => [
      ['ops.queue.signatoryName', person.name],
      ['ops.queue.signatoryPan', person.pancard_number],
      ['ops.queue.signatoryEmail', person.email],
    ]);
  }
  if (owner === 'beneficial_owner') {
    const people = merchant.beneficial_owners ?? [];
    if (!people.length) return [['ops.queue.beneficialOwner', t('ops.queue.noBeneficialOwner')]];
    return people.flatMap((person): Fact[] => [
      ['ops.queue.beneficialOwner', person.name],
      ['ops.queue.beneficialOwnerPan', person.pancard_number],
    ]);
  }
  const address = merchant.registered_address;
  return [
    ['ops.queue.panName', merchant.pancard_name],
    ['ops.queue.pan', merchant.pancard_number],
    ['ops.queue.business', merchant.business_name],
    ['ops.queue.registeredAddress', address ? `${address.address_line}, ${address.city}, ${address.state} ${address.pincode}` : null],
    ['ops.queue.gst', merchant.gst_number],
  ];
}

