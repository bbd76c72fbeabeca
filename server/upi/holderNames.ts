import bankForm from '../../schemas/master/bank-form-entities.json';
import type { MerchantRecord } from '../merchants/store';

interface BankFormEntity {
  holder_name_from?: string;
}

const entities: Readonly<Record<string, BankFormEntity>> = bankForm.entities;

/**
 * A holder name as banks and UPI apps print it, reduced to what identifies it: upper case, "M/S" before a firm's name
 * dropped, punctuation as spaces, spaces collapsed, PVT and LTD spelt out ("M/s. Nimbus Stores Pvt. Ltd." equals
 * "NIMBUS STORES PRIVATE LIMITED").
 */
export function normalisedHolderName(name: string): string {
  return name
    .toUpperCase()
    .replace(/^\s*M\s*\/\s*S\b\.?/, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\bPVT\b/g, 'PRIVATE')
    .replace(/\bLTD\b/g, 'LIMITED')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether two holder names are the same name once normalised ({@link normalisedHolderName}). */
export const sameHolderName = (a: string, b: string): boolean => normalisedHolderName(a) !== '' && normalisedHolderName(a) === normalisedHolderName(b);

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The names the bank account must be held in, as the bank form derives its holder name
 * (schemas/steps/bank-details.step.json): the field of the merchant's entity's `holder_name_from`
 * (schemas/master/bank-form-entities.json; the PAN name when that one is empty), first; and, for the filing status whose merchants
 * choose between the business and PAN names, both. Empty when the record holds none of them yet.
 */
export function expectedHolderNames(record: MerchantRecord): string[] {
  const from = entities[String(record.business_entity_id)]?.holder_name_from ?? 'pancard_name';
  const names = [text(record[from]) || text(record.pancard_name)];
  if (record.business_filing_status === bankForm.holder_name_choice_filing_status) names.push(text(record.business_name), text(record.pancard_name));
  return [...new Set(names.filter(Boolean))];
}
