-- A hold of a synchronous tool call names the tool-service replica running it (`replica`, a random id per process)
-- and the lease that replica keeps alive by announcing itself on `credits.leases` every lease_ms / 3. A replica that
-- dies (killed, OOM) stops announcing; its holds are expired and refunded once lease_ms has passed without a word
-- (docs/charges.md), instead of after HOLD_TTL_MS. Durable work (voice jobs, re-run by another replica) has none.
alter table holds add column replica text;
alter table holds add column lease_ms integer check (lease_ms > 0);
alter table holds add constraint holds_lease_complete check ((replica is null) = (lease_ms is null));
