-- Durable background jobs (server/jobs/): a job runs when run_at is due; a runner claims it with a lease
-- (locked_until, lease) so that of several API processes on one PostgreSQL exactly one runs it. A job
-- whose runner died mid-run is claimed again once its lease has passed; attempts counts the claims
-- since its last successful step, last_error the latest failure.
create table jobs (
  id bigserial primary key,
  kind text not null,
  payload jsonb not null default '{}',
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  run_at timestamptz not null,
  locked_until timestamptz,
  lease uuid,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index jobs_due_idx on jobs (run_at) where state in ('queued', 'running');

-- One test deposit (penny test) per bank detail of a merchant: the amount sent is never in the merchant
-- record (which the browser reads); verify_penny compares the merchant's guess with it here.
create table penny_deposits (
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  bank_detail_id integer not null,
  reference text not null unique,
  method text check (method in ('IMPS', 'NEFT')),
  status text not null check (status in ('NOT_INITIATED', 'PENDING', 'SENT_TO_BANK', 'SUCCESS', 'FAILED')),
  amount_paise integer check (amount_paise between 100 and 500),
  started_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (merchant_uuid, bank_detail_id)
);
