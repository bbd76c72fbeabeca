-- The notices merchants are sent by e-mail and SMS (server/notifications): one row per notice, unique by merchant,
-- kind and subject (the document, the review round; '' for a notice sent once, such as the activation). A notice is
-- queued by inserting its row and its delivery job in one statement: a second process or a retry that reaches the same
-- moment inserts nothing, so nothing is sent twice. The recipients and the facts of the text are kept as they were at
-- that moment; `delivered` counts the messages sent so far, so a retried delivery resumes after the last one sent.
create table merchant_notifications (
  id bigserial primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  kind text not null,
  subject text not null,
  params jsonb not null,
  recipients jsonb not null,
  delivered integer not null default 0,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (merchant_uuid, kind, subject)
);

-- The language a user chose for the messages sent to them (null: English).
alter table users add column language text check (language in ('en', 'hi'));
