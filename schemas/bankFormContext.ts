import bankFormEntities from './master/bank-form-entities.json';

/** The merchant's values the bank form's schema reads from `$context` (schemas/steps/bank-details.json). */
export interface BankFormContext {
  business_filing_status: string | null;
  business_name: string | null;
  pancard_name: string | null;
  holder_name_choices: string[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The bank form's `$context` for a merchant record: its filing status and names, and the two names the holder name is
 * chosen from when the filing status is the one of schemas/master/bank-form-entities.json and the names differ.
 */
export function bankFormContext(record: Record<string, unknown>): BankFormContext {
  const context = { business_filing_status: text(record.business_filing_status), business_name: text(record.business_name), pancard_name: text(record.pancard_name) };
  const choose =
    context.business_filing_status === bankFormEntities.holder_name_choice_filing_status &&
    context.business_name !== null &&
    context.pancard_name !== null &&
    context.business_name !== context.pancard_name;
  return { ...context, holder_name_choices: choose ? [context.business_name!, context.pancard_name!] : [] };
}

/** The bank form's entity fields when they are read-only for this record (migrated money-product users with a PAN), else none. */
export function lockedEntityFields(record: Record<string, unknown>): string[] {
  const { when, fields } = bankFormEntities.entity_fields_locked;
  const matches = Object.entries(when).every(([key, value]) => record[key] === value);
  return matches && text(record.pancard_number) !== null ? fields : [];
}
