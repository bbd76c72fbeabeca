-- Bank checks by a ₹1 UPI payment (a "reverse penny drop", server/upi/upiVerifications.ts): the merchant pays from
-- the account to be verified; the payment tells the payer's account number, IFSC and name. One row per request, its
-- uuid the payment's reference. WAITING until paid (or past expires_at, read as EXPIRED); PAID when the payer's name
-- matches the expected holder name, else NAME_MISMATCH; USED once the bank form took the paid account as verified.
-- refunded_at: when the ₹1 went back (the refund job).
create table upi_bank_verifications (
  uuid uuid primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'WAITING' check (status in ('WAITING', 'PAID', 'NAME_MISMATCH', 'USED', 'EXPIRED')),
  amount_paise integer not null check (amount_paise > 0),
  upi_link text not null,
  expected_name text not null,
  payer_account_number text,
  payer_ifsc text,
  payer_name text,
  bank_name text,
  created_at timestamptz not null,
  paid_at timestamptz,
  expires_at timestamptz not null,
  used_at timestamptz,
  refunded_at timestamptz
);
-- The hourly limit counts a merchant's recent requests.
create index upi_bank_verifications_merchant_created_idx on upi_bank_verifications (merchant_uuid, created_at);
-- The bank form looks for a paid request of the account it is given.
create index upi_bank_verifications_paid_idx on upi_bank_verifications (merchant_uuid, payer_account_number, payer_ifsc) where status = 'PAID';
