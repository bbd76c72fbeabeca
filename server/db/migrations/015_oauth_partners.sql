-- OAuth partners (platform spec sections 2, 3, 7: /oauth/authorize). A partner is data registered at run time (a row,
-- not a configuration file): its client secret is stored only as a hash, and operations can add a partner without a
-- release. The registered redirect_uri is kept as the URL API writes it; an authorize request must name it exactly.
create table oauth_partners (
  client_id text primary key check (client_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  client_secret_hash text not null,
  name text not null check (length(name) between 1 and 100),
  -- A data: URI (image/png, image/svg+xml...) or a path on this site: the Content-Security-Policy's img-src admits both.
  logo text not null check (logo ~ '^(data:image/(png|jpeg|webp|svg\+xml);base64,|/)'),
  color_code text not null check (color_code ~ '^#[0-9a-fA-F]{6}$'),
  redirect_uri text not null,
  partner_permissions text[] not null default '{}',
  skip_onboarding_for_oauth boolean not null default false,
  created_at timestamptz not null default now()
);

-- An authorization code: one use, short-lived, stored as its SHA-256. used_at is set by the one exchange that wins.
create table oauth_codes (
  code_hash text primary key,
  client_id text not null references oauth_partners (client_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  redirect_uri text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index oauth_codes_expiry_idx on oauth_codes (expires_at);

-- A partner's access token: for one user and one merchant, with the partner's permissions as its scope. It is not a
-- session of the app (server/auth/sessions.ts does not read this table), so it cannot act as the merchant in the app.
create table oauth_access_tokens (
  token_hash text primary key,
  client_id text not null references oauth_partners (client_id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  scopes text[] not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index oauth_access_tokens_user_idx on oauth_access_tokens (user_id);
create index oauth_access_tokens_expiry_idx on oauth_access_tokens (expires_at);
