-- Account deletion (docs/product-rules.md#account-deletion). A deleted account keeps its row, so the ids other
-- services' retained records name (the credits ledger) still point at something, but loses its address, password
-- and Google link: the address can sign up again and nothing can sign in as the deleted member.
alter table users add column deleted_at timestamptz;
-- When the member last finished a Google sign-in: a Google account (no password) may delete itself within
-- 5 minutes of one, which stands in for the password.
alter table users add column google_signed_in_at timestamptz;

alter table session_families drop constraint session_families_revoked_reason_check;
alter table session_families add constraint session_families_revoked_reason_check
  check (revoked_reason in ('logout', 'reuse', 'password_change', 'password_reset', 'email_claimed', 'account_deleted'));
