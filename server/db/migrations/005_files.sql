-- Files merchants upload (bank proofs; documents later), kept in the database so that PGlite alone, or one
-- PostgreSQL shared by several API processes, serves them (server/files/fileStore.ts). Type and size are checked
-- before a row is written; `name` is the sanitised name shown back to the merchant.
create table stored_files (
  id uuid primary key,
  owner_merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  kind text not null,
  name text not null,
  mime_type text not null,
  byte_size integer not null check (byte_size > 0),
  sha256 text not null,
  content bytea not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index stored_files_owner_idx on stored_files (owner_merchant_uuid, created_at desc);
