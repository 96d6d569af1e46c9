-- The service kit's jobs table (src/jobs.ts): long work (voice isolation, speech) that belongs to the server, not to
-- the browser connection that asked for it. A replica claims a job with FOR UPDATE SKIP LOCKED, keeps
-- locked_until in the future while it works (heartbeat), and any replica re-claims a job whose lease ran out (its
-- replica died). request_id is the held charge's id: the job commits it with its result, or releases it on failure.
create table if not exists jobs (
  id uuid primary key,
  owner text not null,
  tool text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  input jsonb not null default '{}'::jsonb,
  result jsonb,
  error text,
  error_code text,
  request_id text not null unique,
  charge jsonb not null,
  attempts integer not null default 0,
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
-- What a claim scans: queued jobs, and running ones whose lease may have run out.
create index if not exists jobs_claimable on jobs (locked_until, created_at) where status in ('queued', 'running');
create index if not exists jobs_owner on jobs (owner, created_at desc);
