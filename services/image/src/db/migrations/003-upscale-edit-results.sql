-- Upscale and Edit a region store their results beside the photo effects' (docs/product-rules.md#upscale,
-- #edit-a-region): the same row, files and hub gallery, so the list of tools a row may name grows by two.
alter table generated_images drop constraint generated_images_tool_id_check;
alter table generated_images add constraint generated_images_tool_id_check check (tool_id in ('age-progression',
  'baby-version', 'background-change', 'cartoonify', 'broccoli-haircut', 'color-correction', 'expression-change',
  'upscale', 'edit-image'));
