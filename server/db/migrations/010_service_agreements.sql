-- The service agreement (onboarding spec sections 2, 4, 7; server/agreements/). A generated agreement is a KYC document
-- of type Agreement (its PDF the processed file); this table keeps what only an agreement has: the HTML read in the
-- acceptance frame, who accepted it and when, the merged document to e-sign, and the e-signed PDF with the SHA-256 of
-- its bytes.
create table service_agreements (
  kyc_document_uuid uuid primary key references kyc_documents (uuid) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  html text not null,
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null,
  -- The document e-signed: the agreement and its Schedule C as one PDF (generate_merged_document_for_esign).
  merged_file_id uuid references stored_files (id) on delete set null,
  signed_file_id uuid references stored_files (id) on delete set null,
  signed_sha256 text,
  signed_at timestamptz,
  signed_by jsonb,
  created_at timestamptz not null default now()
);
create index service_agreements_merchant_idx on service_agreements (merchant_uuid, created_at desc);

-- A merchant's request to generate the agreement, done by a job (server/agreements/agreementJob.ts): queued, done or
-- failed (after its retries). One row per merchant: asking again while it is queued changes nothing.
create table agreement_requests (
  merchant_uuid uuid primary key references merchants (uuid) on delete cascade,
  status text not null check (status in ('queued', 'done', 'failed')),
  failures integer not null default 0,
  requested_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
