-- Personal API keys (docs/architecture.md#personal-api-keys): a member's keys for calling the tools from their own
-- code. Only the SHA-256 of the secret is kept (the secret is 256 random bits, so a fast digest is enough); `prefix`
-- is what the list shows. A revoked key keeps its row (revoked_at) so the ledger's key ids stay explained.
create table api_keys (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  prefix text not null,
  secret_hash bytea not null unique,
  monthly_credit_limit integer check (monthly_credit_limit > 0),
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_live_by_user on api_keys (user_id, created_at) where revoked_at is null;
