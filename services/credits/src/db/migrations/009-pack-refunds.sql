-- Pack refunds as a state machine (docs/charges.md#pack-refunds). A refund is recorded `requested` and committed
-- before Paddle is asked; the pack's credits leave the balance in that same transaction (a 'top_up_refund' ledger
-- row, the grant `refunding` with nothing remaining), so nothing can spend credits Paddle is refunding. Paddle's
-- answer, an adjustment.* webhook or the reconciler then settles it exactly once: `refunded` (the grant is refunded)
-- or `failed` (the credits come back with one 'top_up_refund_undone' row and the grant is active again).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition
  from pg_constraint where conrelid = 'ledger'::regclass and conname = 'ledger_reason_check';
  alter table ledger drop constraint ledger_reason_check;
  execute 'alter table ledger add constraint ledger_reason_check '
    || regexp_replace(definition, 'ARRAY\[', 'ARRAY[''top_up_refund_undone''::text, ');
end
$$;

alter table credit_grants drop constraint credit_grants_status_check;
alter table credit_grants add constraint credit_grants_status_check
  check (status in ('active', 'refunding', 'refunded', 'expired'));
-- A refunding grant is not settled yet; it holds nothing (its credits already left the balance).
alter table credit_grants drop constraint credit_grants_check;
alter table credit_grants add constraint credit_grants_settled_check
  check ((status in ('active', 'refunding')) = (settled_at is null));
alter table credit_grants drop constraint credit_grants_check1;
alter table credit_grants add constraint credit_grants_refunded_check
  check (status not in ('refunding', 'refunded') or remaining = 0);

create table pack_refunds (
  id uuid primary key default gen_random_uuid(),
  grant_id uuid not null references credit_grants (id),
  user_id uuid not null references accounts (user_id),
  -- The Paddle transaction refunded: how the reconciler and the adjustment.* webhooks find the refund.
  transaction_id text not null,
  -- What left the balance when it was requested, and comes back if Paddle refuses.
  credits integer not null check (credits > 0),
  status text not null default 'requested' check (status in ('requested', 'refunded', 'failed')),
  -- Paddle's adjustment (adj_…), once known.
  adjustment_id text,
  requested_at timestamptz not null,
  -- When a reconciler last took it to ask Paddle (claims it for a while across replicas).
  checked_at timestamptz,
  settled_at timestamptz,
  check ((status = 'requested') = (settled_at is null))
);
-- At most one open refund per pack: a second click finds it and is refused without asking Paddle.
create unique index pack_refunds_open on pack_refunds (grant_id) where status = 'requested';
create index pack_refunds_transaction on pack_refunds (transaction_id);
create index pack_refunds_pending on pack_refunds (requested_at) where status = 'requested';
