-- Shared chats (issue 25): a member's read-only link to a snapshot of one session. The messages shown when the link
-- was made are copied into the row (later messages are not shared); the token is the link's secret. Revoking deletes
-- the row, and deleting the session deletes its links (its attachments go with it). Expired rows stay listed, so the
-- member sees them, until revoked.
create table chat_shares (
  id uuid primary key,
  user_id uuid not null,
  session_id uuid not null references chat_sessions (id) on delete cascade,
  token text not null unique,
  title text not null,
  messages jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz
);

-- The member's list: newest first (keyset cursor on created_at, id).
create index chat_shares_list on chat_shares (user_id, created_at desc, id desc);
