-- Shared chats hold only the branch shown, and copies of a session are bounded (issue 45,
-- docs/product-rules.md#shared-chats).
--
-- 1. Links made before: their snapshot copied every version of every message (edited-away messages, their files,
-- older regenerated answers), and it keeps no ids, parents or versions, so what was shown when the link was made
-- cannot be told apart from what was hidden: the rows a session has now do not say it either (the version shown is
-- the one last flipped to, not the one shown then). A link whose session held two versions of any message when the
-- link was made (two member's messages after the same one, or two answers to the same message: on the playground,
-- of the same column; fused answers are no versions) published hidden versions, and is deleted as a revoke would
-- (its readers get 404; the member shares the chat again to publish what is shown now). A link whose session held one
-- version of everything copied exactly the branch shown, and is kept as it is. Rows written after the link are left
-- out (created_at); a row written in the same moment counts, so a doubt deletes.
delete from chat_shares sh
where exists (
  select 1
  from chat_messages a
  join chat_messages b
    on b.session_id = a.session_id and b.role = a.role and b.id <> a.id
    and b.parent_id is not distinct from a.parent_id
  join chat_sessions s on s.id = a.session_id
  where a.session_id = sh.session_id
    and a.created_at <= sh.created_at and b.created_at <= sh.created_at
    and a.fused_from is null and b.fused_from is null
    and (a.role = 'user' or s.kind <> 'playground' or a.model_name is not distinct from b.model_name)
);

-- 2. Copies of a session made per day (UTC): share links and sessions continued from a comparison, each free and
-- stored, so each is capped per session per day (LIMITS.chatCopies). One row per session, kind and day, counted up
-- under its row lock, so calls at the same moment cannot pass the cap together; a session's rows of earlier days are
-- dropped when it counts again, and all go with the session.
create table chat_session_copies (
  session_id uuid not null references chat_sessions (id) on delete cascade,
  kind text not null check (kind in ('share', 'continue')),
  day date not null,
  copies integer not null check (copies >= 0),
  primary key (session_id, kind, day)
);
