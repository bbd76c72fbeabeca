-- The needs assessment's answers (platform spec sections 3, 7): one set a merchant, replaced if sent again, with who
-- sent it. Answering also turns the record's new_merchant flag off (server/routes/assessment.ts).
create table assessment_responses (
  merchant_uuid uuid primary key references merchants (uuid) on delete cascade,
  user_id uuid references users (id) on delete set null,
  responses jsonb not null,
  created_at timestamptz not null default now()
);

-- A plan payment started through the payment provider (platform spec section 7, Plans): the sandbox provider's page
-- completes or fails it by its transaction id, moving the merchant's cs_plan status.
create table cs_plan_payments (
  txnid uuid primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  plan_name text not null,
  amount integer not null,
  status text not null default 'pending',
  created_at timestamptz not null default now()
);
create index cs_plan_payments_merchant_idx on cs_plan_payments (merchant_uuid);
