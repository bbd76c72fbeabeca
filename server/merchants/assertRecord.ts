import { createAjv } from '../../schemas/ajv';
import { toFieldErrors } from '../../schemas/fieldErrors';
import { merchantRecord } from '../../schemas/registry';

const validate = createAjv().getSchema(merchantRecord.$id as string)!;

/**
 * Refuses to store a merchant record that does not match schemas/records/merchant.json:
 * a misspelt status or a missing field is a bug to surface loudly, not data to keep.
 */
export function assertMerchantRecord(record: unknown): void {
  if (!validate(record)) {
    throw new Error(`Merchant record does not match schemas/records/merchant.json: ${JSON.stringify(toFieldErrors(validate.errors))}`);
  }
}
