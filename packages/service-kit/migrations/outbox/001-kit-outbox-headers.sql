-- NATS headers sent with an outbox message (the id of the HTTP request it was recorded for, REQUEST_ID_HEADER), so
-- the relay's publish carries them like a direct publish does. Null: none.
alter table jetstream_outbox add column if not exists headers jsonb;
