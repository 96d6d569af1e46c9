-- The service kit's transactional outbox (src/outbox.ts): JetStream messages written in the same transaction as the
-- change they announce, then published by a relay. msg_id is the JetStream message id, so a message recorded twice
-- is one row, and a publish repeated after a crash is dropped by JetStream's duplicate window.
create table if not exists jetstream_outbox (
  msg_id text primary key,
  subject text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  published_at timestamptz,
  attempts integer not null default 0
);
create index if not exists jetstream_outbox_pending on jetstream_outbox (created_at) where published_at is null;
