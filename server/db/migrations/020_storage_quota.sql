-- What each merchant keeps in stored_files, and may keep: quota_bytes and quota_files raise (or lower) one
-- merchant's quota; null is the product's quota (STORAGE_QUOTA in server/files/fileStore.ts). An upload takes its bytes and a file in one conditional upsert on this row (server/files/fileStore.ts
-- saveFile): concurrent uploads of one merchant queue on its row lock, and each sees the others' bytes, so the quota
-- holds under a burst. A file is counted when stored and uncounted by the trigger below however it is deleted (a page
-- removed, a draft or replaced document deleted, the merchant deleted).
create table merchant_storage (
  merchant_uuid uuid primary key references merchants (uuid) on delete cascade,
  bytes bigint not null default 0 check (bytes >= 0),
  files integer not null default 0 check (files >= 0),
  quota_bytes bigint check (quota_bytes >= 0),
  quota_files integer check (quota_files >= 0)
);

insert into merchant_storage (merchant_uuid, bytes, files)
  select owner_merchant_uuid, sum(byte_size), count(*) from stored_files group by owner_merchant_uuid;

create function merchant_storage_release() returns trigger language plpgsql as $$
begin
  update merchant_storage set bytes = greatest(bytes - old.byte_size, 0), files = greatest(files - 1, 0)
   where merchant_uuid = old.owner_merchant_uuid;
  return null;
end;
$$;

create trigger stored_files_release after delete on stored_files for each row execute function merchant_storage_release();
