-- Credit controls (docs/charges.md#spend-cap-and-usage-notices, #redemption-codes) and the support console
-- (docs/security.md#support-role): the member's monthly spending cap, the 80 % / 100 % usage notices, redemption
-- codes, the e-mail copy support finds members by, and the audit of every support action.

-- The cap and what this monthly period has spent, kept on the account row so the one-statement charge tests both
-- under the row lock it already takes: two concurrent charges can never both slip under the cap.
alter table accounts add column monthly_cap integer check (monthly_cap > 0);
alter table accounts add column period_spent integer not null default 0 check (period_spent >= 0);
update accounts a set period_spent = coalesce((
  select sum(h.cost) from holds h
  where h.user_id = a.user_id and h.status in ('held', 'committed') and h.created_at >= a.last_credit_reset
), 0);

-- Two more ledger reasons: 'support' (a grant or claw-back by the support team) and 'redeem' (a redemption code).
-- Added to whatever list the constraint holds when this runs, so reasons other migrations added stay allowed.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition
  from pg_constraint where conrelid = 'ledger'::regclass and conname = 'ledger_reason_check';
  alter table ledger drop constraint ledger_reason_check;
  execute 'alter table ledger add constraint ledger_reason_check '
    || regexp_replace(definition, 'ARRAY\[', 'ARRAY[''support''::text, ''redeem''::text, ');
end
$$;

-- One notice per member, threshold and monthly period: the unique key is what makes it "sent once".
create table credit_notices (
  id bigint generated always as identity primary key,
  user_id uuid not null references accounts (user_id),
  threshold integer not null check (threshold in (80, 100)),
  period_start timestamptz not null,
  -- The balance when it was raised: a top-up or grant that lifts the balance above it clears the notice.
  balance_at integer not null,
  created_at timestamptz not null,
  dismissed_at timestamptz,
  unique (user_id, threshold, period_start)
);

-- Identity's e-mail for each member (from the user-created event and refreshed from members' tokens), so support
-- can find a member by e-mail without credits calling identity.
create table member_emails (
  user_id uuid primary key,
  email text not null,
  updated_at timestamptz not null
);
create index member_emails_email on member_emails (email);

create table redemption_codes (
  code text primary key check (code = upper(code)),
  credits integer not null check (credits > 0),
  max_uses integer not null check (max_uses > 0),
  -- Counted under the code's row lock; the CHECK is the last line of defence against one use too many.
  uses integer not null default 0 check (uses >= 0 and uses <= max_uses),
  expires_at timestamptz not null,
  created_by uuid not null,
  created_at timestamptz not null
);

-- The primary key is "once per member per code", whatever races.
create table redemptions (
  code text not null references redemption_codes (code),
  user_id uuid not null references accounts (user_id),
  at timestamptz not null,
  primary key (code, user_id)
);

-- Who did what, when and why, for every support action. Its id is the console's action id (a retry applies once)
-- and the ledger row of a grant or claw-back is keyed 'support:<id>'.
create table support_actions (
  id uuid primary key,
  actor_id uuid not null,
  actor_email text not null,
  action text not null check (action in ('grant', 'claw_back', 'create_code')),
  user_id uuid references accounts (user_id),
  credits integer not null check (credits > 0),
  code text references redemption_codes (code),
  reason text not null check (length(reason) >= 3),
  at timestamptz not null,
  check ((action = 'create_code') = (code is not null)),
  check ((action = 'create_code') = (user_id is null))
);
create index support_actions_user on support_actions (user_id, at desc) where user_id is not null;

create function support_actions_are_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'support_actions is append-only';
end
$$;
create trigger support_actions_append_only before update or delete on support_actions
  for each row execute function support_actions_are_append_only();
