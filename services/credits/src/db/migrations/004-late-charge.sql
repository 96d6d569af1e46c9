-- A success whose commit arrives after the sweeper expired (and refunded) its hold is still charged: 'late_charge'
-- takes what the balance holds, never more (balances stay >= 0), and `debt` records what it could not cover.
alter table ledger drop constraint ledger_reason_check;
alter table ledger add constraint ledger_reason_check
  check (reason in ('grant', 'charge', 'refund', 'expiry_refund', 'late_charge', 'monthly_reset', 'plan_change'));
alter table ledger add column debt integer not null default 0 check (debt >= 0);
