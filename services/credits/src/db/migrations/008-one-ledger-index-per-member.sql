-- ledger_user (user_id), from 001, is covered by ledger_user_id (user_id, id desc), from 006: every lookup by member
-- uses the second, and each ledger row (one per charge, so one per tool use) paid for updating both.
drop index if exists ledger_user;
