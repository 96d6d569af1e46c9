-- Photo-effect results for the Image to Image hub (spec generated_images: id, image_url, positive_prompt, tool_type,
-- created_at), per member: which effect made it, the member's text (or the effect's name), where the result (JPEG),
-- its 320 px WebP thumbnail and the input it was made from (upright, as uploaded) are stored, and the result's size.
-- Private to the owner: the hub gallery lists only the member's own rows.
create table generated_images (
  id uuid primary key,
  user_id uuid not null,
  tool_type text not null default 'image-to-image' check (tool_type = 'image-to-image'),
  tool_id text not null check (tool_id in ('age-progression', 'baby-version', 'background-change', 'cartoonify',
    'broccoli-haircut', 'color-correction', 'expression-change')),
  positive_prompt text not null,
  image_key text not null,
  thumbnail_key text not null,
  original_key text not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);

-- The hub gallery: one member's results newest first, in offset pages of 8.
create index generated_images_latest on generated_images (user_id, tool_type, created_at desc, id desc);
