-- Short-lived tokens a verified OTP gives for one sensitive change (the spec's "alternative access token"): scope
-- update_bank_details or update_website_details, one merchant, one use. Only their SHA-256 is kept.
create table alternative_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  scope text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

-- Bank updates per merchant: attempts left, and when the next one is allowed (server/merchants/bankUpdate.ts takes
-- one in a single conditional UPDATE, so concurrent updates cannot pass the cap or the gap).
create table bank_update_limits (
  merchant_uuid uuid primary key references merchants (uuid) on delete cascade,
  attempts_left integer not null check (attempts_left >= 0),
  last_created_at timestamptz,
  next_allowed_at timestamptz
);
