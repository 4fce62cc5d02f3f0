-- People and how they prove who they are: the embedded Cognito-compatible user pool.

create table users (
  id uuid primary key,                        -- the token's "sub"
  email text not null unique,                 -- lower-cased; also the username
  name text not null default '',
  password_hash text not null,                -- scrypt, with its parameters and salt
  status text not null default 'UNCONFIRMED' check (status in ('UNCONFIRMED', 'CONFIRMED')),
  organisation_id integer,                    -- the custom organisation id attribute
  attributes jsonb not null default '{}',     -- other attributes set through UpdateUserAttributes
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Codes sent by e-mail: confirming a sign-up, resetting a password. Stored hashed; single use.
create table user_codes (
  id bigserial primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm_sign_up', 'reset_password')),
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now()
);
create index user_codes_open on user_codes (user_id, purpose) where used_at is null;

-- One row per sign-in: the refresh token (stored hashed) and the "origin_jti" its access and ID tokens carry.
create table sessions (
  id uuid primary key,                        -- origin_jti
  user_id uuid not null references users (id) on delete cascade,
  client_id text not null,
  refresh_token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- The install's token-signing key pairs; the newest unretired one signs.
create table signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

-- Every message the server sends; without SMTP this is where they are read.
create table outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);
create index outbox_to on outbox (to_address, id desc);
