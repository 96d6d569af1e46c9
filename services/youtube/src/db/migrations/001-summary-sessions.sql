-- A member's summaries (docs/product-rules.md#youtube-ask): each saved as a session with what it was made from and
-- made of: the video, the summary and its chapters, and the transcript lines questions are answered from (null when
-- the summary came from the description). Private to the owner.
create table summary_sessions (
  id uuid primary key,
  user_id uuid not null,
  video_id text not null,
  video_url text not null,
  title text not null,
  duration text not null,
  source text not null check (source in ('transcript', 'description')),
  summary text not null,
  -- VideoChapters as the reply gives them: { source, items: [{ title, gist, startSeconds, url }] }.
  chapters jsonb not null,
  -- [{ startMs, text }] in video order; at most TRANSCRIPT_LIMITS.
  transcript jsonb,
  created_at timestamptz not null default now()
);

create index summary_sessions_member on summary_sessions (user_id, created_at desc, id desc);

-- The questions asked about a session's video that were answered (a failed one is free and not kept), with the
-- moments each answer cites.
create table summary_questions (
  id uuid primary key,
  session_id uuid not null references summary_sessions (id) on delete cascade,
  question text not null,
  answer text not null,
  -- [{ n, start, end, quote, url }] numbered by first use in the answer.
  citations jsonb not null,
  created_at timestamptz not null default now()
);

create index summary_questions_session on summary_questions (session_id, created_at, id);
