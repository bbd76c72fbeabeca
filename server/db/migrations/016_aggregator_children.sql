-- Aggregators and their child merchants (platform spec sections 1 and 2: an aggregator may view a child merchant, on
-- the aggregator page only). The link is the child's: each merchant has at most one parent, an aggregator (its record's
-- merchant_type says so; the calls check it as they read). The link is not part of the merchant record, so no call that
-- serves a record can reveal it, and removing the aggregator leaves its children as merchants of their own.
alter table merchants add column parent_uuid uuid references merchants (uuid) on delete set null;
alter table merchants add constraint merchants_parent_not_self check (parent_uuid is null or parent_uuid <> uuid);
create index merchants_parent_idx on merchants (parent_uuid, mid) where parent_uuid is not null;
