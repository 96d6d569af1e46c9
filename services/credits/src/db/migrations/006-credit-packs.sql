-- Credit packs (docs/product-rules.md#credit-packs): one-time Paddle purchases whose credits are a grant of their own.
-- A member's spendable balance stays `accounts.credits` (what reserves test, = Σ ledger). It is made of two parts:
--   plan_credits            the plan's allowance not yet consumed by committed uses (reset monthly),
--   Σ credit_grants.remaining  purchased credits not yet consumed (kept across resets, expiring after 12 months),
-- minus the cost of the member's holds still in flight: credits = plan_credits + Σ remaining − Σ held cost.
-- A use is taken from the parts when it commits: plan first, then grants oldest first (burn_credits below).
--
-- Other work adding ledger reasons after this file: keep every reason listed here in ledger_reason_check.
alter table accounts add column plan_credits integer not null default 0 check (plan_credits >= 0);
update accounts set plan_credits = accounts.credits + coalesce(
  (select sum(cost) from holds where holds.user_id = accounts.user_id and holds.status = 'held'), 0);

create table credit_grants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (user_id),
  -- The Paddle transaction that paid for it: one grant per transaction, however often its webhooks arrive.
  transaction_id text not null unique,
  pack_id text not null,
  credits integer not null check (credits > 0),
  remaining integer not null check (remaining >= 0 and remaining <= credits),
  -- What the member paid, as Paddle reports it (minor units, e.g. cents), for the receipt.
  amount_minor bigint not null check (amount_minor >= 0),
  currency text not null,
  status text not null default 'active' check (status in ('active', 'refunded', 'expired')),
  purchased_at timestamptz not null,
  expires_at timestamptz not null,
  settled_at timestamptz,
  check ((status = 'active') = (settled_at is null)),
  check (status <> 'refunded' or remaining = 0)
);
-- Burn order and the member's purchases, oldest first.
create index credit_grants_user on credit_grants (user_id, purchased_at, id);
-- The expiry job: grants past their date that still hold credits.
create index credit_grants_due on credit_grants (expires_at) where remaining > 0;

alter table ledger add column grant_id uuid references credit_grants (id);
alter table ledger drop constraint ledger_reason_check;
alter table ledger add constraint ledger_reason_check
  check (reason in ('grant', 'charge', 'refund', 'expiry_refund', 'late_charge', 'monthly_reset', 'plan_change',
                    'top_up', 'top_up_refund', 'top_up_expiry'));
-- The ledger view pages a member's movements newest first by id.
create index ledger_user_id on ledger (user_id, id desc);

-- Takes `amount` credits that a committed use consumed from the member's parts: the plan part first, then the
-- purchased grants oldest first. Locks the account row (callers lock accounts in user-id order). Never takes more
-- than the parts hold: credits = plan + purchased − held guarantees a committing hold is covered.
create function burn_credits(member uuid, amount integer) returns void language plpgsql as $$
declare
  plan_before integer;
  rest integer;
  taken integer;
  grant_row record;
begin
  if amount <= 0 then
    return;
  end if;
  select plan_credits into plan_before from accounts where user_id = member for update;
  if not found then
    return;
  end if;
  taken := least(plan_before, amount);
  update accounts set plan_credits = plan_credits - taken where user_id = member;
  rest := amount - taken;
  for grant_row in
    select id, remaining from credit_grants
    where user_id = member and remaining > 0
    order by purchased_at, id
    for update
  loop
    exit when rest <= 0;
    taken := least(grant_row.remaining, rest);
    update credit_grants set remaining = remaining - taken where id = grant_row.id;
    rest := rest - taken;
  end loop;
  if rest > 0 then
    -- Cannot happen while credits = plan + purchased − held holds; the money-invariant tests would show it.
    raise warning 'burn_credits: % credits of member % found no part to come from', rest, member;
  end if;
end
$$;

-- burn_credits for many members, one after another in user-id order (so concurrent batches never deadlock).
create function burn_credits_batch(members uuid[], amounts integer[]) returns void language plpgsql as $$
declare
  burn record;
begin
  for burn in
    select member, sum(amount)::int as amount
    from unnest(members, amounts) as input(member, amount)
    group by member
    order by member
  loop
    perform burn_credits(burn.member, burn.amount);
  end loop;
end
$$;
