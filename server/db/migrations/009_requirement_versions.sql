-- The document requirements as immutable versions (operations console; server/documents/requirementVersions.ts):
-- draft -> published -> retired. One version is published at a time; version 1 is the shipped data, stored at first
-- use. A version's body never changes once written.
create sequence requirement_version_seq start 2;
create table requirement_versions (
  version integer primary key,
  status text not null check (status in ('draft', 'published', 'retired')),
  body jsonb not null,
  note text not null default '',
  author uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  published_by uuid references users (id) on delete set null
);
create unique index requirement_versions_one_published on requirement_versions ((status)) where status = 'published';

-- The console's fixtures (the format of test/fixtures/documents/, base records resolved): a merchant and the documents
-- expected of it. Publishing runs every one against the draft.
create table requirement_fixtures (
  name text primary key,
  body jsonb not null,
  author uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);

-- What operations staff did to the requirements (create, publish, rollback, migrate), for the console's audit list.
create table ops_audit (
  id bigserial primary key,
  user_id uuid references users (id) on delete set null,
  action text not null,
  detail jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index ops_audit_created_idx on ops_audit (created_at desc);

-- The version of the requirements a merchant submitted documents against (null: the published one applies).
alter table merchants add column requirements_version integer references requirement_versions (version);
