-- The prompt library (issue 38, docs/product-rules.md#prompt-library): each member's saved prompts, read and written
-- only with the member's id from the verified token.
create table chat_prompts (
  id uuid primary key,
  user_id uuid not null,
  title text not null check (char_length(title) between 1 and 100),
  body text not null check (char_length(body) between 1 and 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index chat_prompts_user on chat_prompts (user_id, lower(title));
