-- Identity checks of the KYC step (onboarding spec section 4, Aadhaar flow; server/identity/aadhaar.ts). The Aadhaar
-- number itself is never stored, nor a hash of it (12 digits are quickly guessed from one): only its last 4 digits,
-- which a verification must match with the merchant's latest request.
create table aadhaar_otp_requests (
  id uuid primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  aadhaar_last4 text not null check (aadhaar_last4 ~ '^[0-9]{4}$'),
  reference text not null,
  -- Taken by one conditional UPDATE per guess, so concurrent guesses cannot pass the cap.
  attempts_left integer not null check (attempts_left >= 0),
  expires_at timestamptz not null,
  verified_at timestamptz,
  created_at timestamptz not null default now()
);
create index aadhaar_otp_requests_merchant_idx on aadhaar_otp_requests (merchant_uuid, created_at desc);

-- OTP sends per merchant in a window: claimed in one INSERT … ON CONFLICT UPDATE (server/identity/aadhaar.ts).
create table aadhaar_send_limits (
  merchant_uuid uuid primary key references merchants (uuid) on delete cascade,
  sends_left integer not null check (sends_left >= 0),
  window_ends_at timestamptz not null
);
