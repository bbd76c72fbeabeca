-- The review queue as a table kept by triggers (issue 29): one row per item waiting for a review (a KYC document or a
-- signed agreement copy sent for review, a bank proof, a website in review, an accepted addendum), with the columns
-- the queue filters, searches and sorts on. Every page is a keyset scan of one of its indexes
-- (server/documents/reviewQueue.ts): nothing reads kyc_documents or the merchants' JSON to answer it.
--
-- Which rows wait is written here once, in review_queue_document_waits() and review_queue_merchant_waits(); the
-- statuses are those of server/documents/kycDocuments.ts (SUBMITTED), server/agreements/signedCopy.ts
-- (AGREEMENT_COPY_STATUS) and rules/defs.json (websiteInReviewStatuses), and test/server/reviewQueueItems.test.ts
-- fails when they part.

create table review_queue_items (
  kind text not null check (kind in ('document', 'bank_proof', 'website', 'addendum')),
  uuid uuid not null,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  -- A document's category, or the queue's own BANK_PROOF, WEBSITE, ADDENDUM.
  category text not null,
  -- A document's status; null for the other kinds.
  status text,
  waiting_since timestamptz not null,
  -- When the merchant's first waiting item came (kept while any waits): merchants come in this order, each
  -- merchant's items together, oldest first.
  group_since timestamptz not null,
  -- The merchant's data the queue filters and searches on, copied from the record (kept by review_queue_merchants()).
  mid bigint not null,
  entity text,
  pan text,
  email text,
  name text,
  pancard_name text,
  business_name text,
  primary key (kind, uuid)
);
create index review_queue_order_idx on review_queue_items (group_since, mid, waiting_since, kind, uuid);
create index review_queue_category_idx on review_queue_items (category, group_since, mid, waiting_since, kind, uuid);
create index review_queue_entity_idx on review_queue_items (entity, group_since, mid, waiting_since, kind, uuid);
create index review_queue_status_idx on review_queue_items (status, group_since, mid, waiting_since, kind, uuid) where status is not null;
create index review_queue_merchant_idx on review_queue_items (merchant_uuid, group_since, mid, waiting_since, kind, uuid);
create index review_queue_mid_idx on review_queue_items (mid);
create index review_queue_pan_idx on review_queue_items (pan);
create index review_queue_email_idx on review_queue_items (email);
create index review_queue_name_idx on review_queue_items (name text_pattern_ops);
create index review_queue_pancard_name_idx on review_queue_items (pancard_name text_pattern_ops);
create index review_queue_business_name_idx on review_queue_items (business_name text_pattern_ops);

-- Items waiting per category, for the queue's counts without a scan: each change adds or takes one on one of eight
-- rows of its category (chosen at random, so reviews of different merchants rarely wait on the same row); a count is
-- the sum of its category's rows.
create table review_queue_counts (
  category text not null,
  shard smallint not null,
  items bigint not null,
  primary key (category, shard)
);

/* Whether a document waits for a review: in force, the merchant's, a KYC document sent for review or a signed copy of
   the agreement received. */
create function review_queue_document_waits(kyc_document_type text, record_type text, active boolean, status text) returns boolean
  language sql immutable as $$
  select coalesce(active, false) and record_type = 'Merchant'
     and ((kyc_document_type = 'KYC' and status in ('DOCUMENT_SUBMITTED', 'DOCUMENT_REUPLOADED', 'Counter Signed Received'))
       or (kyc_document_type = 'Agreement' and status = 'Counter Signed Received'))
$$;

/* Whether a merchant record's bank proof ('bank_proof') or website ('website') waits for a review. */
create function review_queue_merchant_waits(kind text, record jsonb) returns boolean
  language sql immutable as $$
  select coalesce(case kind
    when 'bank_proof' then record -> 'bank_detail' ->> 'bank_verification_status' = 'pending'
                           and record -> 'bank_detail' ->> 'bank_verification_proof_file_id' is not null
    when 'website' then record ->> 'integration_type' = 'THIRD_PARTY'
                        and record -> 'website_detail' ->> 'website_approval_status' in ('Pending', 'Verification in Process')
  end, false)
$$;

/* A merchant's items begin to wait one at a time (a transaction-long lock on the merchant's queue), so each finds the
   group the one before it made: without it, two at once could each start a group of their own. */
create function review_queue_lock(merchant uuid) returns void language sql as $$
  select pg_advisory_xact_lock(290028, hashtext(merchant::text))
$$;

/* An item begins to wait, or its category or status changes while it waits. It joins its merchant's group (the time
   the merchant's first waiting item came, kept until none waits), or starts one at its own time. An item keeps its
   place while it waits, so no review moves another item across a page already read: a keyset page never skips or
   repeats an item that waits throughout. */
create function review_queue_put(item_kind text, item uuid, merchant uuid, item_category text, item_status text, since timestamptz)
  returns void language plpgsql as $$
begin
  perform review_queue_lock(merchant);
  insert into review_queue_items (kind, uuid, merchant_uuid, category, status, waiting_since, group_since, mid, entity, pan, email, name, pancard_name, business_name)
  select item_kind, item, merchant, item_category, item_status, since,
         coalesce((select g.group_since from review_queue_items g where g.merchant_uuid = merchant limit 1), since),
         m.mid, m.record -> 'business_entity' ->> 'name', m.record ->> 'pancard_number',
         lower(m.record ->> 'email'), lower(m.record ->> 'name'), lower(m.record ->> 'pancard_name'), lower(m.record ->> 'business_name')
    from merchants m where m.uuid = merchant
  on conflict (kind, uuid) do update set category = excluded.category, status = excluded.status
   where (review_queue_items.category, review_queue_items.status) is distinct from (excluded.category, excluded.status);
end $$;

/* An item no longer waits. */
create function review_queue_drop(item_kind text, item uuid) returns void language sql as $$
  delete from review_queue_items where kind = item_kind and uuid = item
$$;

create function review_queue_documents() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' and review_queue_document_waits(new.kyc_document_type, new.record_type, new.active, new.status) then
    perform review_queue_put('document', new.uuid, new.merchant_uuid, new.document_category, new.status, new.updated_at);
  elsif tg_op <> 'INSERT' then
    perform review_queue_drop('document', old.uuid);
  end if;
  return null;
end $$;
create trigger review_queue_documents after insert or update or delete on kyc_documents for each row execute function review_queue_documents();

create function review_queue_addenda() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' and new.status = 'accepted' then
    perform review_queue_put('addendum', new.id, new.merchant_uuid, 'ADDENDUM', null, coalesce(new.accepted_at, new.created_at));
  elsif tg_op <> 'INSERT' then
    perform review_queue_drop('addendum', old.id);
  end if;
  return null;
end $$;
create trigger review_queue_addenda after insert or update or delete on addenda for each row execute function review_queue_addenda();

/* A merchant's bank proof or website starts or stops waiting (waiting since the record's save that sent it); the
   merchant's searchable data follows the record into its items. */
create function review_queue_merchants() returns trigger language plpgsql as $$
declare
  kind text;
  category text;
begin
  foreach kind in array array['bank_proof', 'website'] loop
    category := case kind when 'bank_proof' then 'BANK_PROOF' else 'WEBSITE' end;
    if review_queue_merchant_waits(kind, new.record) then
      if tg_op = 'INSERT' or not review_queue_merchant_waits(kind, old.record) then
        perform review_queue_put(kind, new.uuid, new.uuid, category, null, new.updated_at);
      end if;
    elsif tg_op = 'UPDATE' and review_queue_merchant_waits(kind, old.record) then
      perform review_queue_drop(kind, new.uuid);
    end if;
  end loop;
  if tg_op = 'UPDATE'
     and (old.mid, old.record -> 'business_entity' ->> 'name', old.record ->> 'pancard_number', old.record ->> 'email', old.record ->> 'name', old.record ->> 'pancard_name', old.record ->> 'business_name')
         is distinct from
         (new.mid, new.record -> 'business_entity' ->> 'name', new.record ->> 'pancard_number', new.record ->> 'email', new.record ->> 'name', new.record ->> 'pancard_name', new.record ->> 'business_name')
     and exists (select 1 from review_queue_items where merchant_uuid = new.uuid) then
    perform review_queue_lock(new.uuid);
    update review_queue_items
       set mid = new.mid, entity = new.record -> 'business_entity' ->> 'name', pan = new.record ->> 'pancard_number', email = lower(new.record ->> 'email'),
           name = lower(new.record ->> 'name'), pancard_name = lower(new.record ->> 'pancard_name'), business_name = lower(new.record ->> 'business_name')
     where merchant_uuid = new.uuid;
  end if;
  return null;
end $$;
create trigger review_queue_merchants after insert or update on merchants for each row execute function review_queue_merchants();

create function review_queue_count() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    insert into review_queue_counts as c (category, shard, items) values (old.category, floor(random() * 8), -1)
      on conflict (category, shard) do update set items = c.items - 1;
  end if;
  if tg_op <> 'DELETE' then
    insert into review_queue_counts as c (category, shard, items) values (new.category, floor(random() * 8), 1)
      on conflict (category, shard) do update set items = c.items + 1;
  end if;
  return null;
end $$;
-- What waits already.
with waiting (kind, uuid, merchant_uuid, category, status, waiting_since) as (
  select 'document', d.uuid, d.merchant_uuid, d.document_category, d.status, d.updated_at from kyc_documents d
   where review_queue_document_waits(d.kyc_document_type, d.record_type, d.active, d.status)
  union all
  select 'bank_proof', m.uuid, m.uuid, 'BANK_PROOF', null, m.updated_at from merchants m where review_queue_merchant_waits('bank_proof', m.record)
  union all
  select 'website', m.uuid, m.uuid, 'WEBSITE', null, m.updated_at from merchants m where review_queue_merchant_waits('website', m.record)
  union all
  select 'addendum', a.id, a.merchant_uuid, 'ADDENDUM', null, coalesce(a.accepted_at, a.created_at) from addenda a where a.status = 'accepted'
)
insert into review_queue_items (kind, uuid, merchant_uuid, category, status, waiting_since, group_since, mid, entity, pan, email, name, pancard_name, business_name)
select w.kind, w.uuid, w.merchant_uuid, w.category, w.status, w.waiting_since, min(w.waiting_since) over (partition by w.merchant_uuid), m.mid,
       m.record -> 'business_entity' ->> 'name', m.record ->> 'pancard_number', lower(m.record ->> 'email'), lower(m.record ->> 'name'),
       lower(m.record ->> 'pancard_name'), lower(m.record ->> 'business_name')
  from waiting w join merchants m on m.uuid = w.merchant_uuid;

insert into review_queue_counts (category, shard, items) select category, 0, count(*) from review_queue_items group by category;
create trigger review_queue_count after insert or delete on review_queue_items for each row execute function review_queue_count();
create trigger review_queue_count_category after update of category on review_queue_items
  for each row when (old.category is distinct from new.category) execute function review_queue_count();

-- The indexes only the queue's former query read (migration 021).
drop index kyc_documents_queue_idx;
drop index merchants_name_idx;
drop index merchants_pan_name_idx;
drop index merchants_business_name_idx;
drop index merchants_bank_proof_idx;
drop index merchants_website_review_idx;
-- Statistics for the planner at once: a name search chooses between the order index and the name indexes by them.
analyze review_queue_items;
