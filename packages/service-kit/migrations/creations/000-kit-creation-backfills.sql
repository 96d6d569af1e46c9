-- The service kit's creation backfill (src/creation-owner.ts): how far each result-storing service has announced the
-- results it stored before the library existed, so the backfill runs once per database and resumes where it stopped.
create table if not exists creation_backfills (
  service text primary key,
  last_id uuid,
  done_at timestamptz
);
