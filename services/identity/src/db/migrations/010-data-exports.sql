-- The member's data exports (docs/architecture.md#data-export): one row per export asked for. `pending` while a
-- replica builds the zip (its lease in locked_until; a replica that died leaves it to the sweep), then `ready` with
-- the zip's object key, or `failed`. The partial unique index is "one export at a time": a second pending row for
-- the same member cannot exist, even when two requests arrive together.
create table data_exports (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  status text not null check (status in ('pending', 'ready', 'failed')),
  object_key text,
  error text,
  attempts integer not null default 1,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index data_exports_one_pending on data_exports (user_id) where status = 'pending';
create index data_exports_by_user on data_exports (user_id, created_at desc);
create index data_exports_pending_lease on data_exports (locked_until) where status = 'pending';
