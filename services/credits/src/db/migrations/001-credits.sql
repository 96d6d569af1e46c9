-- Credits database: balances, holds on in-flight tool uses, the append-only ledger, processed event ids and the
-- spec's tool_usage table. Every balance change writes a ledger row, so balance = sum of ledger deltas.

create table accounts (
  user_id uuid primary key,
  plan text not null default 'free' check (plan in ('free', 'pro', 'premium', 'ultimate')),
  -- The CHECK is the last line of defence: no code path may ever drive a balance below zero.
  credits integer not null check (credits >= 0),
  last_credit_reset timestamptz not null,
  -- Stored (not derived) so the hot reserve statement can test "nothing due" with one comparison.
  next_credit_reset timestamptz not null,
  subscription_id text unique,
  subscription_status text,
  -- A downgrade or cancellation waits for the end of the paid billing period.
  scheduled_plan text check (scheduled_plan in ('free', 'pro', 'premium', 'ultimate')),
  scheduled_action text check (scheduled_action in ('downgrade', 'cancel')),
  scheduled_change_at timestamptz,
  -- occurred_at of the last billing event applied; older events arriving late are ignored.
  billing_event_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((scheduled_plan is null) = (scheduled_change_at is null)),
  check ((scheduled_plan is null) = (scheduled_action is null))
);
create index accounts_reset_due on accounts (next_credit_reset);
create index accounts_change_due on accounts (scheduled_change_at) where scheduled_change_at is not null;

create table holds (
  request_id uuid primary key,
  user_id uuid references accounts (user_id),
  visitor_ip text,
  tool text not null,
  cost integer not null check (cost >= 0),
  status text not null default 'held' check (status in ('held', 'committed', 'released', 'expired')),
  -- The balance right after the charge, so a repeated request gets the very same answer.
  remaining_credits integer,
  created_at timestamptz not null,
  settled_at timestamptz,
  check ((user_id is null) <> (visitor_ip is null)),
  -- Guests never pay; only a member hold can carry a cost to refund.
  check (user_id is not null or cost = 0)
);
create index holds_stale on holds (created_at) where status = 'held';
create index holds_guest_recent on holds (visitor_ip, tool, created_at)
  where user_id is null and status in ('held', 'committed');

create table ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references accounts (user_id),
  delta integer not null,
  reason text not null
    check (reason in ('grant', 'charge', 'refund', 'expiry_refund', 'monthly_reset', 'plan_change')),
  request_id uuid,
  -- One key per money movement ('charge:<request>', 'refund:<request>', 'reset:<user>:<at>' ...): a retried or
  -- duplicated operation can never write a second row.
  idempotency_key text not null unique,
  at timestamptz not null
);
create index ledger_user on ledger (user_id);

create function ledger_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger is append-only';
end
$$;
create trigger ledger_append_only before update or delete on ledger
  for each row execute function ledger_is_append_only();

create table processed_events (
  event_id text primary key,
  source text not null,
  processed_at timestamptz not null
);

create table tool_usage (
  id uuid primary key default gen_random_uuid(),
  user_id uuid,
  visitor_ip text,
  tool_name text not null,
  used_credits integer not null check (used_credits >= 0),
  timestamp timestamptz not null,
  request_id uuid unique
);
create index tool_usage_member_history on tool_usage (user_id, timestamp desc, id desc) where user_id is not null;
create index tool_usage_guest_recent on tool_usage (visitor_ip, tool_name, timestamp) where user_id is null;
