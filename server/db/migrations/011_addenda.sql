-- Addenda (onboarding spec sections 4, 7: generate_addendum_data, accept_addendum): a change to bank, website, GST or
-- address details after that step was approved (or the agreement generated) does not overwrite the record. It is kept
-- here with the data before and after and a generated PDF; the merchant accepts it, a reviewer approves it, and only
-- then does the record change (server/addenda/addenda.ts). pending: waiting for the merchant's acceptance; accepted:
-- waiting for the review; approved / declined: decided; superseded: replaced by a newer change before it was accepted.
create table addenda (
  id uuid primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  source text not null check (source in ('bank', 'website_detail', 'address', 'gst')),
  status text not null check (status in ('pending', 'accepted', 'approved', 'declined', 'superseded')),
  old_data jsonb not null,
  new_data jsonb not null,
  file_id uuid references stored_files (id) on delete set null,
  created_by uuid references users (id) on delete set null,
  accepted_at timestamptz,
  accepted_by uuid references users (id) on delete set null,
  decided_at timestamptz,
  decided_by uuid references users (id) on delete set null,
  remarks text,
  created_at timestamptz not null default now()
);
-- At most one open addendum per merchant and source: two concurrent changes cannot both open one.
create unique index addenda_open_idx on addenda (merchant_uuid, source) where status in ('pending', 'accepted');
create index addenda_review_idx on addenda (status, created_at) where status = 'accepted';

-- The record's addendum status of the address and GST changes (bank and website keep theirs in their detail).
update merchants set record = record || '{"address_addendum_status": null, "gst_addendum_status": null}'::jsonb
 where not (record ? 'address_addendum_status');
