-- Analytics events as the sandbox provider records them (src/shared/analytics/, server/routes/analytics.ts): each
-- event's name and only the properties schemas/analytics/events.json allows it, so nothing personal is ever stored.
-- /sandbox/analytics lists them, for a tester to see that each fired once.
create table analytics_events (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  properties jsonb not null,
  created_at timestamptz not null default now()
);
create index analytics_events_created_idx on analytics_events (created_at desc);
