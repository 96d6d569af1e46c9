-- Whether the account's owner has proved they read its email address. A password sign-up proves nothing; a reset
-- or email-change link opened from the mailbox does, and so does Google when its ID token says email_verified.
-- Google sign-in may only join an account whose address is proved, or take the account over from whoever set its
-- password without proving it (pre-account takeover, see domain/google-sign-in.ts).
alter table users add column email_verified boolean not null default false;
-- Accounts already linked to Google were opened or linked with an address Google had verified.
update users set email_verified = true where google_subject is not null;

-- Google sign-in to an unproved account ends the sessions of whoever set its password.
alter table session_families drop constraint session_families_revoked_reason_check;
alter table session_families add constraint session_families_revoked_reason_check
  check (revoked_reason in ('logout', 'reuse', 'password_change', 'password_reset', 'email_claimed'));
