-- What each answer cost (issue 25): the credits its reply was charged, written with its final row (the tool's price
-- when the reply was charged, 0 when it was not: failed, or stopped before any text); the four columns of a
-- playground turn each carry the turn's one price. Null while a reply is being written and for rows stored before.
alter table chat_messages add column credits integer check (credits is null or credits >= 0);
