-- The member's library (docs/product-rules.md#library): one row per result any service stored, kept from the
-- `creation.created` / `creation.deleted` events. A row whose `deleted` event came first holds only its tombstone
-- (kind, tool, open_url and created_at still null), so a late `created` never brings the result back.
create table library_items (
  id uuid primary key,
  user_id uuid not null,
  service text not null,
  kind text,
  tool text,
  title text not null default '',
  -- The searchable text of text results (at most CREATION_TEXT_CHARS) and the card's excerpt (its first 280 chars).
  text text,
  excerpt text,
  -- Object store keys (`<service>/<owner>/<name>`) of the result's file and thumbnail, signed per request.
  file_key text,
  file_type text,
  thumbnail_key text,
  thumbnail_type text,
  open_url text,
  -- When the result was first stored (a re-announcement keeps it).
  created_at timestamptz,
  -- The stream sequence of the newest `created` applied: an older or repeated one changes nothing.
  revision bigint not null default 0,
  deleted_at timestamptz,
  search tsvector generated always as (
    to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(text, ''))
  ) stored
);

-- The member's list, newest first, one keyset page at a time (tombstones and pending rows never listed).
create index library_items_member on library_items (user_id, created_at desc, id desc)
  where deleted_at is null and created_at is not null;
create index library_items_search on library_items using gin (search);
