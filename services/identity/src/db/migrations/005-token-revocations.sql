-- Access tokens end before they expire in two ways (gateways and services learn both over NATS):
-- - with their session family (the `sid` claim), when the family is revoked (session_families.revoked_at);
-- - every token of a user issued before tokens_not_before: a password change or reset, a claimed address.
-- The indexes serve the revocation list, which holds only entries younger than the access-token lifetime.
alter table users add column tokens_not_before timestamptz;
create index users_tokens_not_before on users (tokens_not_before) where tokens_not_before is not null;
create index session_families_revoked_at on session_families (revoked_at) where revoked_at is not null;
