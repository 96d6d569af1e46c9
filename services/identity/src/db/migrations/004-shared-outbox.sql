-- user.created events move to the service kit's jetstream_outbox (created by its own migration, applied first).
-- Events still pending move with their user id as message id, as before. The subject is the production one
-- (no NATS_NAMESPACE); namespaces exist only in tests, whose databases are new and hold no pending events.
insert into jetstream_outbox (msg_id, subject, payload, created_at, published_at, attempts)
select user_id::text, 'identity.user.created', payload, created_at, published_at, attempts
from user_events_outbox
on conflict (msg_id) do nothing;

drop table user_events_outbox;
