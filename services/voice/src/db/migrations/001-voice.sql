-- A member's stored voice results (audio history): one row per finished job, written in the transaction that marks
-- the job succeeded and commits its charge. The audio itself is in the object store under audio_key (and, for the
-- audio tools, the uploaded original under source_key, kept for the before/after switch).
create table audio_clips (
  id uuid primary key,
  user_id uuid not null,
  tool text not null check (tool in ('text-to-speech', 'speech-to-speech', 'sound-effects', 'voice-isolator')),
  job_id uuid not null unique,
  audio_key text not null,
  source_key text,
  text text,
  voice_id text,
  voice_name text,
  duration_seconds double precision,
  engine text not null check (engine in ('elevenlabs', 'local')),
  created_at timestamptz not null default now()
);

-- The history: one member's clips, optionally of one tool, newest first (keyset cursor on created_at, id).
create index audio_clips_list on audio_clips (user_id, created_at desc, id desc);
create index audio_clips_tool_list on audio_clips (user_id, tool, created_at desc, id desc);
