-- Who accepted which product's terms, and when (platform spec section 2, /terms-conditions): accepting moves the
-- merchant to the product the app was opened for (PUT update_merchant_product, server/routes/terms.ts). One row per
-- move, kept as the record of consent; the terms link shown is kept with it.
create table terms_acceptances (
  id bigserial primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  user_id uuid references users (id) on delete set null,
  from_product text not null,
  product text not null,
  terms_url text not null,
  accepted_at timestamptz not null default now()
);
create index terms_acceptances_merchant_idx on terms_acceptances (merchant_uuid);
