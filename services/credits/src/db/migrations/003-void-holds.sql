-- A release (or the tool service giving up) can reach credits before its reserve: credits was paused, the reserve
-- waited in a socket while the release waited in JetStream. The release then leaves a 'void' hold, a tombstone with
-- no cost, so the late reserve meets the primary key and is refused instead of charging for a call that failed.
alter table holds drop constraint holds_status_check;
alter table holds add constraint holds_status_check
  check (status in ('held', 'committed', 'released', 'expired', 'void'));
