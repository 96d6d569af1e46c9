-- A member's prompt-tool results (docs/product-rules.md#prompt-results), stored in the transaction that commits the
-- charge, so a released charge stores nothing. Guests' results are not stored. Private to the owner.
create table prompt_results (
  id uuid primary key,
  user_id uuid not null,
  tool text not null
    check (tool in ('image-to-prompt', 'magic-enhance', 'ai-describe-image', 'image-to-video-prompt')),
  -- The text typed (Magic Enhance, cut to PROMPT_RESULT_LIMITS.inputChars), or 'Image' for the image tools.
  input text not null,
  result text not null,
  created_at timestamptz not null default now()
);

create index prompt_results_member on prompt_results (user_id, created_at desc, id desc);
create index prompt_results_member_tool on prompt_results (user_id, tool, created_at desc, id desc);
