import example from '../schemas/records/merchant.example.json';

/** A deterministic pseudo-random source (mulberry32), so every run sees the same records. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENTITIES: Array<[number, string, string]> = [
  [1, 'Individual', 'BQZPK4821M'],
  [3, 'Sole Proprietorship', 'BQZPK4821M'],
  [4, 'Partnership', 'AAAFK1234L'],
  [5, 'LLP', 'AAAFK1234L'],
  [6, 'Private Limited', 'AAECS1234K'],
  [7, 'Public Limited', 'AAACK1234L'],
  [8, 'Trust', 'AAATK1234L'],
  [10, 'Government', 'AAAGK1234L'],
  [14, 'One Person Company', 'AAACK1234L'],
];

/**
 * A realistic mix of merchant records (valid against schemas/records/merchant.json): from
 * just signed up to e-signed, across entities, bank and website states, re-KYC and skipped steps.
 */
export function generateRecords(count: number, seed = 42): Array<typeof example> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const records: Array<typeof example> = [];
  for (let i = 0; i < count; i++) {
    const record = structuredClone(example) as typeof example & Record<string, unknown>;
    const m = record as Record<string, unknown>;
    m.mid = 8_000_000 + i;
    const [id, name, pan] = pick(ENTITIES);
    if (chance(0.1)) {
      Object.assign(m, { pancard_number: null, business_entity_id: null, business_entity: null, pan_verification_status: null });
    } else {
      Object.assign(m, {
        pancard_number: pan,
        business_entity_id: id,
        business_entity: { id, name },
        pan_verification_status: pick(['verified', 'verified', 'verified', null, 'Failed']),
      });
    }
    if (chance(0.2)) Object.assign(m, { business_category_id: null, business_sub_category_id: null, monthly_expected_volume: null });
    if (chance(0.2)) m.ultimate_beneficiaries = [];
    m.ubo_exist = pick([true, false, null]);
    m.bank_detail = chance(0.15)
      ? null
      : {
          ...example.bank_detail,
          bank_verification_status: pick(['verified', 'verified', 'pending', 'failed', 'attempts_exhausted', 'need_bank_proof_doc', null]),
          penny_deposit_status: pick(['NOT_INITIATED', 'PENDING', 'SENT_TO_BANK', 'SUCCESS', 'FAILED', null]),
          penny_deposit_method: pick(['IMPS', 'NEFT', null]),
          bank_verification_proof: pick([null, null, 'CC', 'BS', 'PB', 'BC']),
          addendum_status: pick([null, 'pending', 'accepted']),
        };
    m.integration_type = pick(['NOT_SELECTED', 'THIRD_PARTY', 'THIRD_PARTY', 'TOOLS']);
    m.website_detail = chance(0.2)
      ? null
      : {
          ...example.website_detail,
          website_approval_status: pick([null, 'Pending', 'Verification in Process', 'Website OK', 'Website Error', 'Website Not live', 'Website Incomplete']),
          addendum_status: pick([null, 'pending', 'accepted']),
          website_document_categories: example.website_detail.website_document_categories.map((category) => ({
            ...category,
            status: pick([null, 'Pending', 'DOCUMENT_SUBMITTED', 'Approved', 'Declined']),
          })),
        };
    const signatory = { ...example.account.signatory_contact_details[0]!, cin_number: chance(0.3) ? null : 'U17120MH2015PTC261234' };
    if (chance(0.2)) signatory.email = null as unknown as string;
    m.account = chance(0.1) ? null : { ...example.account, signatory_contact_details: chance(0.15) ? [] : [signatory] };
    m.registration_address = chance(0.3) ? null : example.registration_address;
    m.kyc_status = chance(0.2) ? null : { kyc_status: pick(['NOT_STARTED', 'PENDING', 'COMPLETED', 'FAILED']) };
    m.document_status = pick([null, 'Pending', 'Docs Received', 'DOCUMENT_SUBMITTED', 'Docs Partially Received', 'Docs Approved', 'Exceptionally Approved', 'Docs Error']);
    m.merchant_statuses = [
      { status_type: 'LOB', status_value: pick(['Pending', 'Approved', 'Rejected']) },
      { status_type: 'KYC_DOCUMENTS', status_value: pick(['Pending', 'DOCUMENT_SUBMITTED', 'Docs Partially Received', 'Docs Approved', 'Exceptionally Approved', 'Docs Error']) },
      ...(chance(0.3) ? [] : [{ status_type: 'Agreement', status_value: pick(['Not Generated', 'Pending', 'Sent', 'Approved', 'Rejected', 'accepted']) }]),
      { status_type: 'WEBSITE', status_value: pick(['Pending', 'Approved', 'Rejected']) },
    ];
    m.is_service_agreement_esigned = chance(0.15);
    m.re_kyc_required = chance(0.1);
    m.attached_configs = chance(0.3)
      ? []
      : [
          {
            name: 'onboarding_config',
            active: chance(0.8),
            config: {
              bank_verification: { penny_verification_required: chance(0.5) },
              flow_preference: { integration_type: pick(['THIRD_PARTY', 'TOOLS', 'NOT_SELECTED']) },
              skip_steps: chance(0.7) ? [] : [pick(['signing-authority', 'kyc', 'additional-documents'])],
            },
          },
        ];
    records.push(record);
  }
  return records;
}

/** The records `npm run bench` evaluates; the differential tests run on the same ones. */
export function benchRecords(): Array<typeof example> {
  return generateRecords(500);
}
