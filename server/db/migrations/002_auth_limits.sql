-- Sign-in attempts per identity and kind ('password', or 'otp:<purpose>'), counted across codes
-- within a window, whether or not a user has that identity. Reaching the limit locks that kind
-- until window_ends_at (server/auth/signInAttempts.ts).
create table sign_in_attempts (
  identity text not null,
  kind text not null,
  attempts integer not null,
  window_ends_at timestamptz not null,
  primary key (identity, kind)
);
create index sign_in_attempts_window_idx on sign_in_attempts (window_ends_at);

-- Sign-in calls per client address in the current rate-limit window, shared by every API process
-- on the database (server/auth/rateLimitStore.ts).
create table rate_limit_counts (
  key text primary key,
  hits integer not null,
  window_ends_at timestamptz not null
);
create index rate_limit_counts_window_idx on rate_limit_counts (window_ends_at);

-- Replaced by sign_in_attempts: attempts are counted per identity, not per user or per code.
alter table users drop column failed_password_attempts, drop column locked_until;
alter table otps drop column attempts_left;
