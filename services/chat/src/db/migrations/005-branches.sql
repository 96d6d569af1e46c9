-- Edit and branch (issue 25): messages form a tree. A member's message follows the member's message before it
-- (parent_id; null for the first of a session), so an edited message is a sibling of the one it replaces; an answer
-- belongs to the member's message it answers, so a regenerated answer is a sibling of the earlier ones (per model
-- column on the playground). Among siblings the one shown is the one most recently shown or written
-- (coalesce(shown_at, created_at)): a new message or answer is shown, and flipping versions sets shown_at, so the
-- branch shown survives a reload. Existing conversations become one linear chain.
alter table chat_messages
  add column parent_id uuid references chat_messages (id) on delete cascade,
  add column shown_at timestamptz;

update chat_messages m
set parent_id = (
  select u.id from chat_messages u
  where u.session_id = m.session_id and u.role = 'user' and u.seq < m.seq
  order by u.seq desc
  limit 1
);

create index chat_messages_parent on chat_messages (parent_id) where parent_id is not null;

-- During a rollout, replicas of the release before write messages without a parent: such a row (no parent and no
-- shown_at, which this release always writes) is chained after the session's last member's message, as before.
-- A later release drops this trigger once no replica of the earlier one is left.
create function chat_messages_chain_parent() returns trigger language plpgsql as $$
begin
  if new.parent_id is null and new.shown_at is null then
    new.parent_id := (
      select u.id from chat_messages u
      where u.session_id = new.session_id and u.role = 'user'
      order by u.seq desc
      limit 1
    );
  end if;
  return new;
end;
$$;

create trigger chat_messages_chain_parent before insert on chat_messages
  for each row execute function chat_messages_chain_parent();
