/**
 * `npm run rules -- eval <merchant.json>`: prints what the rules say about a merchant record
 * (a bare record, or `{ "merchant": ..., "kyc_documents": [...] }`) as JSON:
 * `{ steps, status, documents }`. The record is validated against the record schema first.
 */
import { readFileSync } from 'node:fs';
import { createAjv } from '../schemas/ajv';
import rulesConfig from '../rules/config';
import { evaluateAll } from '../rules/evaluate';
import { describeRecordErrors } from '../rules/fixtures/recordErrors';
import { MERCHANT_SCHEMA_ID } from '../rules/fixtures/runFixture';

const [command, file] = process.argv.slice(2);

function main(file: string): number {
  const content = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const merchant = (content.merchant ?? content) as object;
  const kycDocuments = Array.isArray(content.kyc_documents) ? (content.kyc_documents as object[]) : [];
  const validate = createAjv().getSchema(MERCHANT_SCHEMA_ID)!;
  if (!validate(merchant)) {
    console.error(`${file}: not a valid merchant record:\n  ${describeRecordErrors(validate.errors, 'merchant').join('\n  ')}`);
    return 1;
  }
  console.log(JSON.stringify(evaluateAll(merchant, rulesConfig, { kycDocuments }), null, 2));
  return 0;
}

if (command !== 'eval' || !file) {
  console.error('usage: npm run rules -- eval <merchant.json>');
  process.exitCode = 2;
} else {
  try {
    process.exitCode = main(file);
  } catch (error) {
    console.error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
