import { STEP_IDS } from '../../rules/types';
import { createAjv } from '../../schemas/ajv';
import example from '../../schemas/records/merchant.example.json';
import newMerchant from '../fixtures/_bases/new-merchant.json';
import { generateRecords } from '../../bench/records';
import { describeRecordErrors } from '../../rules/fixtures/recordErrors';
import { KYC_DOCUMENT_SCHEMA_ID, MERCHANT_SCHEMA_ID } from '../../rules/fixtures/runFixture';

const ajv = createAjv();
const validateMerchant = ajv.getSchema(MERCHANT_SCHEMA_ID)!;

function problems(record: unknown): string[] {
  return validateMerchant(record) ? [] : describeRecordErrors(validateMerchant.errors, 'merchant');
}

describe('schemas/records/merchant.json', () => {
  it('accepts the example record', () => {
    expect(problems(example)).toEqual([]);
  });

  it('accepts a new merchant and the benchmark mix', () => {
    expect(problems(newMerchant)).toEqual([]);
    for (const record of generateRecords(100, 3)) expect(problems(record)).toEqual([]);
  });

  it('refuses a misspelt status value, naming the key and the allowed values', () => {
    const record = structuredClone(example);
    record.bank_detail.bank_verification_status = 'Verified';
    expect(problems(record)).toEqual([
      'merchant.bank_detail.bank_verification_status: "Verified" is not one of null, "verified", "pending", "failed", "attempts_exhausted", "need_bank_proof_doc"',
    ]);
  });

  it('refuses a misspelt key and a missing identifying key', () => {
    const { uuid: _, ...record } = { ...structuredClone(example), re_kyc_requried: true };
    expect(problems(record).sort()).toEqual(['merchant.re_kyc_requried: unknown key (misspelt?)', 'merchant.uuid: missing']);
  });

  it('accepts a record without a key added later, which has a default', () => {
    const { gst_addendum_status: _, ...record } = structuredClone(example);
    expect(problems(record)).toEqual([]);
  });

  it('checks each status value against its status type', () => {
    const record = structuredClone(example);
    record.merchant_statuses = [{ status_type: 'LOB', status_value: 'Docs Approved' }];
    expect(problems(record)).toEqual([
      'merchant.merchant_statuses.0.status_value: "Docs Approved" is not one of "Pending", "Approved", "Rejected"',
    ]);
  });

  it('checks the settings of the onboarding config', () => {
    const record = structuredClone(example) as Record<string, unknown>;
    record.attached_configs = [{ name: 'onboarding_config', active: true, config: { skip_steps: ['bank'] } }];
    expect(problems(record)).toEqual([
      `merchant.attached_configs.0.config.skip_steps.0: "bank" is not one of ${STEP_IDS.map((id) => JSON.stringify(id)).join(', ')}`,
    ]);
    record.attached_configs = [{ name: 'onboarding_config', active: true, config: { skip_steps: [...STEP_IDS] } }];
    expect(problems(record)).toEqual([]);
  });
});

describe('schemas/records/kyc-document.json', () => {
  it('accepts an agreement file and refuses an unknown status', () => {
    const validate = ajv.getSchema(KYC_DOCUMENT_SCHEMA_ID)!;
    const document = {
      uuid: 'a3b1c2d4-0000-4000-8000-000000000001',
      kyc_document_type: 'Agreement',
      active: true,
      status: 'Counter Signed Received',
      remarks: null,
      record_type: 'Merchant',
      document_category_id: 7,
      document_type_id: null,
      processed_document: { path: '/uploads/a.pdf', filename: 'a.pdf', byte_size: 1024 },
      attachments: [],
      uploaded_documents: [],
    };
    expect(validate(document)).toBe(true);
    expect(validate({ ...document, status: 'Counter signed' })).toBe(false);
  });
});
