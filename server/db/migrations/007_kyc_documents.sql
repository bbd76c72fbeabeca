-- KYC documents (onboarding spec section 3, KYC document; server/documents/kycDocuments.ts). A document belongs to a
-- merchant and one category of the catalogue (keyed by code: the spec's numeric ids are not unique, VOTER=6 and
-- AVFB=6). Its uploaded pages or sides are attachments (stored_files); merging them gives its processed document, the
-- one file reviewed. A document without a processed file is a draft the merchant is still assembling (inactive).
create table kyc_documents (
  uuid uuid primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  kyc_document_type text not null default 'KYC' check (kyc_document_type in ('KYC', 'Agreement', 'Addendum')),
  record_type text not null default 'Merchant' check (record_type in ('Account', 'Merchant', 'WebsiteDetail')),
  document_category text not null,
  document_type text,
  status text not null default 'Pending',
  remarks text,
  active boolean not null default false,
  processed_file_id uuid references stored_files (id) on delete set null,
  -- Kept by the single UPDATE that adds an attachment, so the page cap holds under concurrent uploads.
  attachment_count integer not null default 0 check (attachment_count >= 0),
  issue_date date,
  expiry_date date,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index kyc_documents_merchant_idx on kyc_documents (merchant_uuid, created_at);
-- One document in force per category and merchant, and one draft being assembled per category and type.
create unique index kyc_documents_active_idx on kyc_documents (merchant_uuid, kyc_document_type, document_category) where active;
create unique index kyc_documents_draft_idx on kyc_documents (merchant_uuid, document_category, coalesce(document_type, '')) where processed_file_id is null and not active;

create table kyc_document_attachments (
  id bigserial primary key,
  kyc_document_uuid uuid not null references kyc_documents (uuid) on delete cascade,
  file_id uuid not null references stored_files (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index kyc_document_attachments_doc_idx on kyc_document_attachments (kyc_document_uuid, id);

-- Every document change and review, who made it and when: the operations review queue reads it.
create table kyc_document_events (
  id bigserial primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  kyc_document_uuid uuid,
  user_id uuid references users (id) on delete set null,
  actor text not null check (actor in ('merchant', 'staff', 'system')),
  action text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index kyc_document_events_merchant_idx on kyc_document_events (merchant_uuid, created_at desc);

-- Operations staff (not merchants: a staff user is given no merchant at sign-in). Roles: ops_admin, ops_reviewer,
-- ops_viewer; the review call takes ops_admin and ops_reviewer.
create table staff_members (
  user_id uuid primary key references users (id) on delete cascade,
  role text not null check (role in ('ops_admin', 'ops_reviewer', 'ops_viewer')),
  created_at timestamptz not null default now()
);

-- One-time notices a user has acknowledged for a merchant (the Aadhaar disclaimer is shown once: remembered here, not
-- only in the browser).
create table merchant_acknowledgements (
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (merchant_uuid, user_id, kind)
);
