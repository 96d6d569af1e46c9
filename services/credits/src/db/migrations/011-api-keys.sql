-- Personal API keys (docs/architecture.md#personal-api-keys). A hold names the key its call was made with (its name
-- as it was then), which names the ledger rows and the usage row of that use. api_key_spend counts what each key
-- spent in its member's monthly period (period_start = accounts.last_credit_reset of that period): the charge
-- statement tests the key's limit against it and adds to it, under the account's row lock, like the spending cap.
alter table holds add column api_key_id uuid, add column api_key_name text;

create table api_key_spend (
  key_id uuid primary key,
  user_id uuid not null references accounts (user_id),
  -- null until the key's first charge; a spend of another period counts as 0.
  period_start timestamptz,
  spent integer not null default 0 check (spent >= 0)
);
create index api_key_spend_by_user on api_key_spend (user_id);
