-- Image boards (docs/product-rules.md#image-boards): a member's named collections of their own gallery images. A board
-- item names exactly one image, a text-to-image image or a photo-effect result; an image may be on several boards.
-- Deleting a board deletes its items only (the images stay); deleting an image takes it off every board (cascade).
create table image_boards (
  id uuid primary key,
  user_id uuid not null,
  name text not null check (char_length(name) between 1 and 60),
  created_at timestamptz not null default now()
);

-- Names are the member's own and unique per member whatever their case; the list reads oldest first.
create unique index image_boards_name on image_boards (user_id, lower(name));
create index image_boards_member on image_boards (user_id, created_at, id);

create table image_board_items (
  board_id uuid not null references image_boards (id) on delete cascade,
  text_to_image_id uuid references text_to_images (id) on delete cascade,
  generated_image_id uuid references generated_images (id) on delete cascade,
  -- Whichever of the two is set: one key for "is this image on this board" whatever its kind.
  image_id uuid generated always as (coalesce(text_to_image_id, generated_image_id)) stored,
  added_at timestamptz not null default now(),
  check (num_nonnulls(text_to_image_id, generated_image_id) = 1),
  primary key (board_id, image_id)
);

-- The cascades from an image's delete, and the gallery's `?board=` filter, look items up by image.
create index image_board_items_text_to_image on image_board_items (text_to_image_id) where text_to_image_id is not null;
create index image_board_items_generated on image_board_items (generated_image_id) where generated_image_id is not null;
