-- Merchants per requirements version, kept by triggers (issue 29), so the console's requirements list and a publish count
-- them without a scan of merchants (server/documents/requirementVersionStore.ts). Version 0 stands for the merchants
-- following the published version (requirements_version null); stored versions start at 1.
--
-- Each statement on merchants adds its net change per version to one of eight rows of the version, so merchants signing
-- up or submitting at once rarely wait on the same row; a count is the sum of its version's rows. The triggers are per
-- statement, over the rows it changed: a migrate that unpins many merchants, or a bulk load, writes each version's row
-- once, where a trigger per row would rewrite one row once per merchant in one transaction (each rewrite slower than
-- the last). The row is the transaction's (its id modulo eight), taken in version order, so two transactions never
-- wait for each other in a circle.
create table requirement_version_counts (
  version integer not null,
  shard smallint not null,
  merchants bigint not null,
  primary key (version, shard)
);

/* Adds `changes[i]` to the merchants of `versions[i]` (0: following the published version), in version order. */
create function requirement_version_counts_add(versions integer[], changes bigint[]) returns void language sql as $$
  insert into requirement_version_counts as c (version, shard, merchants)
  select version, txid_current() % 8, change from unnest(versions, changes) as moves (version, change)
   where change <> 0 order by version
  on conflict (version, shard) do update set merchants = c.merchants + excluded.merchants
$$;

/* Counts what a statement did to merchants: the rows it added (new_rows) and removed (old_rows), per version; an update
   that left a merchant's version alone adds and takes it on the same version, which nets to nothing written. */
create function requirement_version_counts_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform requirement_version_counts_add(array_agg(version), array_agg(added))
       from (select coalesce(requirements_version, 0) as version, count(*) as added from new_rows group by 1) counted;
  elsif tg_op = 'DELETE' then
    perform requirement_version_counts_add(array_agg(version), array_agg(-removed))
       from (select coalesce(requirements_version, 0) as version, count(*) as removed from old_rows group by 1) counted;
  else
    perform requirement_version_counts_add(array_agg(version), array_agg(moved))
       from (select version, sum(change)::bigint as moved
               from (select coalesce(requirements_version, 0) as version, 1 as change from new_rows
                     union all
                     select coalesce(requirements_version, 0), -1 from old_rows) moves
              group by version) counted;
  end if;
  return null;
end $$;

create function requirement_version_counts_clear() returns trigger language plpgsql as $$
begin
  delete from requirement_version_counts;
  return null;
end $$;

-- No merchant is added, removed or moved while the existing ones are counted: each is counted once, by the backfill or
-- by the triggers.
lock table merchants in share row exclusive mode;
insert into requirement_version_counts (version, shard, merchants)
select coalesce(requirements_version, 0), 0, count(*) from merchants group by coalesce(requirements_version, 0);

create trigger requirement_version_counts_insert after insert on merchants
  referencing new table as new_rows for each statement execute function requirement_version_counts_follow();
create trigger requirement_version_counts_delete after delete on merchants
  referencing old table as old_rows for each statement execute function requirement_version_counts_follow();
create trigger requirement_version_counts_update after update on merchants
  referencing old table as old_rows new table as new_rows for each statement execute function requirement_version_counts_follow();
create trigger requirement_version_counts_clear after truncate on merchants
  for each statement execute function requirement_version_counts_clear();
