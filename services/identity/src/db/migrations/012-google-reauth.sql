-- Purpose-bound Google sign-in (docs/product-rules.md#account-deletion). A Google account (no password) proves it is
-- its owner before deleting itself with a Google sign-in started for that purpose from its own session: the attempt
-- carries the purpose and the member who started it, and the callback leaves a proof for that member only, which
-- the deletion spends. A plain sign-in leaves no proof. users.google_signed_in_at (migration 009) is no longer read
-- or written; it stays for the replicas of the previous release during a rollout.
alter table oauth_attempts add column purpose text check (purpose in ('delete-account'));
alter table oauth_attempts add column user_id uuid references users (id);
alter table oauth_attempts add constraint oauth_attempts_purpose_user_check
  check ((purpose is null) = (user_id is null));

-- At most one live proof per member and purpose; spent (deleted) by the deletion it allows, or expired.
create table reauth_proofs (
  user_id uuid not null references users (id),
  purpose text not null check (purpose in ('delete-account')),
  expires_at timestamptz not null,
  primary key (user_id, purpose)
);
