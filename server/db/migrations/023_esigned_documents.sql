-- Documents e-signed with the service agreement (server/agreements/esignedDocuments.ts): the authorisation letter and
-- Schedule C (the catalogue's categories whose template says `esign`), signed by the same OTP as the agreement. One row
-- per agreement and category: the file the signer reads (written once, at the first look at the e-sign review) and,
-- once signed, the KYC document it was filed as, the signed file and the SHA-256 of its bytes, when and who (the
-- signer's name and the e-mail the OTP went to). The record of the signature stays when the merchant later replaces or
-- removes the document (its references then become null).
create table esigned_documents (
  agreement_uuid uuid not null references service_agreements (kyc_document_uuid) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  document_category text not null,
  to_sign_file_id uuid references stored_files (id) on delete set null,
  kyc_document_uuid uuid references kyc_documents (uuid) on delete set null,
  signed_file_id uuid references stored_files (id) on delete set null,
  signed_sha256 text,
  signed_at timestamptz,
  signed_by jsonb,
  created_at timestamptz not null default now(),
  primary key (agreement_uuid, document_category)
);
create index esigned_documents_merchant_idx on esigned_documents (merchant_uuid);
