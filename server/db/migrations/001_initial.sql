-- Users who sign in; a user may act for several merchants.
create table users (
  id uuid primary key,
  email text unique,
  mobile text unique,
  name text,
  password_hash text,
  failed_password_attempts integer not null default 0,
  locked_until timestamptz,
  created_at timestamptz not null default now()
);

create sequence merchant_mid_seq start with 8800001;

-- The merchant record (as GET /api/v1/merchants/{id} returns it) is validated against
-- schemas/records/merchant.json before every write.
create table merchants (
  uuid uuid primary key,
  mid bigint not null unique default nextval('merchant_mid_seq'),
  record jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table memberships (
  user_id uuid not null references users (id) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  role_name text not null,
  permissions text[] not null,
  created_at timestamptz not null default now(),
  primary key (user_id, merchant_uuid)
);
create index memberships_merchant_idx on memberships (merchant_uuid);

-- Bearer tokens are random; only their SHA-256 is kept.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  source text not null default 'NA',
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);

create table otps (
  id uuid primary key,
  identity text not null,
  purpose text not null,
  code_hash text not null,
  attempts_left integer not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index otps_identity_idx on otps (identity, purpose, created_at desc);

-- What the sandbox providers "sent" (OTPs, notices), shown on the sandbox inbox page.
create table sandbox_messages (
  id bigserial primary key,
  channel text not null,
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);

-- Audit trail: every change to a merchant record, who made it and what was sent.
create table merchant_events (
  id bigserial primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  user_id uuid references users (id) on delete set null,
  kind text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index merchant_events_merchant_idx on merchant_events (merchant_uuid, created_at desc);
