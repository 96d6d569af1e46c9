-- Identity database: accounts, refresh-token families, one-time email tokens, Google sign-in attempts and the
-- two outboxes (user-created events for JetStream, emails for SMTP or local reading).

create table users (
  id uuid primary key,
  -- Stored normalised (trimmed, lower-case) so one address is one account; the unique index makes a second
  -- sign-up with the same address fail even when two arrive at the same instant.
  email text not null check (email = lower(email)),
  -- argon2id PHC string; null for accounts that only ever signed in with Google.
  password_hash text,
  google_subject text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (email);
create unique index users_google_subject_key on users (google_subject) where google_subject is not null;

-- One family per sign-in. Every refresh rotates the token inside the family; presenting a rotated token again
-- means it was copied, so the whole family is revoked.
create table session_families (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in ('logout', 'reuse', 'password_change', 'password_reset'))
);
create index session_families_active_by_user on session_families (user_id) where revoked_at is null;

-- Only the SHA-256 of a refresh token is stored: a database leak yields no usable session.
create table refresh_tokens (
  token_hash bytea primary key,
  family_id uuid not null references session_families (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz
);
create index refresh_tokens_by_family on refresh_tokens (family_id);
create index refresh_tokens_by_expiry on refresh_tokens (expires_at);

-- Password-reset and email-change tokens: hashed, single use, short-lived.
create table one_time_tokens (
  token_hash bytea primary key,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('recovery', 'email_change')),
  new_email text check (new_email = lower(new_email)),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((purpose = 'email_change') = (new_email is not null))
);
create index one_time_tokens_open_by_user on one_time_tokens (user_id, purpose) where used_at is null;

-- A Google sign-in in progress: PKCE verifier and nonce, found by the hash of the state the browser carries back.
create table oauth_attempts (
  state_hash bytea primary key,
  code_verifier text not null,
  nonce text not null,
  redirect_to text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- identity.user.created events, written in the sign-up transaction and published to JetStream afterwards, so an
-- account never exists without its event (credits opens the 50-credit account from it).
create table user_events_outbox (
  user_id uuid primary key references users (id) on delete cascade,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  attempts integer not null default 0
);
create index user_events_outbox_pending on user_events_outbox (created_at) where published_at is null;

-- Emails to send. With SMTP configured a worker delivers them and blanks the body (it holds a live link);
-- without SMTP they stay here for local development and tests to read.
create table email_outbox (
  id uuid primary key,
  recipient text not null,
  subject text not null,
  body text,
  purpose text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text
);
create index email_outbox_pending on email_outbox (created_at) where sent_at is null;
