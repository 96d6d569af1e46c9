-- Chat agent and web chat (issue 11). A web chat session keeps the page it reads (title and passages, as read when
-- it started): follow-ups answer from it without fetching the page again. Assistant messages keep their numbered
-- sources and whether the local extractive answerer wrote them; a member's message keeps its attachments (object
-- store keys, shown through signed URLs).
alter table chat_sessions
  add column page_title text,
  add column page_passages jsonb;

alter table chat_messages
  add column citations jsonb,
  add column attachments jsonb,
  add column local boolean not null default false;
