-- Text-to-image results, per member: the spec's gallery fields (prompt, model, style, format) with the rest of the
-- settings that made the image (negative prompt, aspect ratio, seed, size), where its file and thumbnail are stored,
-- and whether the member marked it as a favourite. Private to the owner; deleting a row deletes its two objects.
create table text_to_images (
  id uuid primary key,
  user_id uuid not null,
  positive_prompt text not null,
  negative_prompt text,
  model_name text not null,
  style text,
  aspect_ratio text not null,
  image_format text not null check (image_format in ('png', 'jpg', 'webp')),
  seed bigint not null check (seed >= 0 and seed <= 4294967295),
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  -- Object-store keys of the image (in image_format) and its 320 px WebP thumbnail.
  image_key text not null,
  thumbnail_key text not null,
  favourite boolean not null default false,
  created_at timestamptz not null default now()
);

-- The gallery: one member's images newest first (keyset cursor on created_at, id), optionally favourites or a model.
create index text_to_images_gallery on text_to_images (user_id, created_at desc, id desc);
create index text_to_images_favourites on text_to_images (user_id, created_at desc, id desc) where favourite;
