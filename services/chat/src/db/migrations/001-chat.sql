-- Chat sessions and messages, per member. A session belongs to one chat tool (kind); its title is made from the
-- first message and can be renamed. Assistant messages are written while they stream (status 'streaming', text so
-- far) and end 'completed', 'stopped' or 'failed'; a playground turn writes one assistant row per model column, all
-- sharing the turn's reply_id (the id Stop takes).
create table chat_sessions (
  id uuid primary key,
  user_id uuid not null,
  kind text not null check (kind in ('playground', 'agent', 'reasoning', 'web')),
  title text not null,
  model_id text,
  url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The session list: one member's sessions of one kind, most recently used first (keyset cursor on updated_at, id).
create index chat_sessions_list on chat_sessions (user_id, kind, updated_at desc, id desc);

create table chat_messages (
  id uuid primary key,
  -- Insertion order within a session (the four columns of a playground turn are written together).
  seq bigint generated always as identity,
  session_id uuid not null references chat_sessions (id) on delete cascade,
  user_id uuid not null,
  role text not null check (role in ('user', 'assistant')),
  reply_id uuid,
  model_name text,
  content text not null default '',
  reasoning text not null default '',
  status text not null default 'completed' check (status in ('streaming', 'completed', 'stopped', 'failed')),
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((role = 'user') = (reply_id is null))
);

create index chat_messages_session on chat_messages (session_id, seq);
create index chat_messages_reply on chat_messages (reply_id) where reply_id is not null;
-- Replies left streaming by a replica that died are found by the stale-reply sweep.
create index chat_messages_streaming on chat_messages (created_at) where status = 'streaming';
