-- Deep Search (issue 24): its reports are chat sessions of their own kind (the question, then the report with its
-- cited pages), listed, searched and deleted like the other chat tools' sessions.
alter table chat_sessions drop constraint chat_sessions_kind_check;
alter table chat_sessions
  add constraint chat_sessions_kind_check check (kind in ('playground', 'agent', 'reasoning', 'web', 'deep-search'));
