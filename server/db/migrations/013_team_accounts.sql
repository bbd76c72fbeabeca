-- Team accounts (platform spec sections 2, 3, 6, 7): a merchant's own ACL roles (a name and a list of permissions
-- from schemas/master/acl-permissions.json), staff invited into a role by e-mail, and memberships that take their
-- permissions from their role, so a role's change reaches every member at once. A membership without a role (the
-- owner) keeps its own permissions.
create table acl_roles (
  id bigserial primary key,
  uuid uuid not null unique,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  name text not null,
  permissions text[] not null,
  created_at timestamptz not null default now()
);
-- One role of a name per merchant, whatever its letter case: two concurrent creations cannot both take it.
create unique index acl_roles_name_idx on acl_roles (merchant_uuid, lower(name));

alter table memberships add column acl_role_id bigint references acl_roles (id) on delete restrict;
create index memberships_role_idx on memberships (acl_role_id);

-- An employee invited by e-mail: the invite waits until that person signs in (by OTP), then becomes their
-- membership of the merchant in the role. One invite per e-mail and merchant.
create table staff_invites (
  id bigserial primary key,
  merchant_uuid uuid not null references merchants (uuid) on delete cascade,
  email text not null,
  name text not null,
  mobile text,
  acl_role_id bigint not null references acl_roles (id) on delete restrict,
  invited_by uuid references users (id) on delete set null,
  user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index staff_invites_email_idx on staff_invites (merchant_uuid, lower(email));
create index staff_invites_role_idx on staff_invites (acl_role_id);
