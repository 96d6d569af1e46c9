-- Chat workspace (issue 38, docs/product-rules.md#chat-workspace): a member's projects (folders of chats with
-- instructions), their custom instructions, and pinned chats.
create table chat_projects (
  id uuid primary key,
  user_id uuid not null,
  name text not null,
  instructions text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chat_projects_owner on chat_projects (user_id, name);

-- One row per member who saved instructions; none means empty and off.
create table chat_instructions (
  user_id uuid primary key,
  text text not null default '',
  enabled boolean not null default false,
  updated_at timestamptz not null default now()
);

-- A deleted project keeps its chats outside any project unless the member asked to delete them (done first).
alter table chat_sessions
  add column project_id uuid references chat_projects (id) on delete set null,
  add column pinned boolean not null default false;

-- The session list, pinned first: one member's sessions of one kind (and of one project), keyset on
-- (pinned, updated_at, id).
create index chat_sessions_pinned_list on chat_sessions (user_id, kind, pinned desc, updated_at desc, id desc);
create index chat_sessions_project on chat_sessions (project_id) where project_id is not null;
