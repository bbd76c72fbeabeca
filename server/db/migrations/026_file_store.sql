-- Files' bytes may live in S3-compatible storage (FILE_STORE=s3, server/files/contentStore.ts): the row keeps the
-- metadata, its content is null and storage_key names the object. A row with content (written before, or with
-- FILE_STORE=database) keeps being read from the database.
alter table stored_files alter column content drop not null;
alter table stored_files add column storage_key text;
alter table stored_files add constraint stored_files_content_or_key check ((content is null) <> (storage_key is null));

-- Objects whose row was deleted (by a call, or with its merchant): deleted from the bucket after the delete commits
-- (server/files/releasedObjects.ts). Written by the trigger, so no path that deletes a row can leave its object behind.
create table released_objects (
  storage_key text primary key,
  released_at timestamptz not null default now()
);

create function stored_files_release_object() returns trigger language plpgsql as $$
begin
  insert into released_objects (storage_key) values (old.storage_key) on conflict do nothing;
  return null;
end $$;
create trigger stored_files_release_object after delete on stored_files
  for each row when (old.storage_key is not null) execute function stored_files_release_object();
