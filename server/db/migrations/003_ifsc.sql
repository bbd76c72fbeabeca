-- The IFSC branch directory (onboarding spec section 3, IFSC lookup; section 7, ifsc_details): the banks
-- and their branches as RBI publishes them. Filled from the sample in server/reference/ifsc/ at first
-- start and replaced whole, in one transaction, by `npm run ifsc:import` (server/reference/ifscDirectory.ts).
-- Names sort by "C" (code point) collation: the same order on PGlite and on any PostgreSQL server.
create table ifsc_banks (
  id integer primary key,
  name text collate "C" not null unique
);

create table ifsc_branches (
  ifsc text primary key,
  bank_id integer not null references ifsc_banks (id),
  branch text collate "C" not null,
  address text not null,
  city text collate "C" not null,
  district text not null,
  state text collate "C" not null
);

-- The search cascade reads one range of this index per call: a bank's states, a bank and state's
-- cities, a city's branches (in branch order).
create index ifsc_branches_cascade_idx on ifsc_branches (bank_id, state, city, branch);
