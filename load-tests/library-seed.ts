// The library bench's items (docs/performance.md#library-page): a member's thousands of entries written straight into
// the library's read model (services/library/src/db/migrations) in one INSERT … SELECT over generate_series, as the
// `creation.created` consumer would have left them: three text results (prompts) to one image, newest first by a
// minute each. The image entries point at a few real stored files (the member's own generated images), so their
// signed thumbnails load in the browser as a real gallery's would.

/** A stored image and its thumbnail, as a real `creation.created` of the image service carried them. */
export interface SeedImage {
  fileKey: string;
  fileType: string;
  thumbnailKey: string;
  thumbnailType: string;
}

export interface SeedOptions {
  userId: string;
  count: number;
  /** The real files the image entries take in turn; none: text entries only. */
  images: readonly SeedImage[];
  /** The newest entry's time (the rest are a minute apart, older). */
  newest: Date;
}

/** Every IMAGE_EVERY-th entry is an image (when there are files to point at), the rest prompt results. */
export const IMAGE_EVERY = 4;

const TEXT =
  'A watercolour fox in a snowy birch forest at dawn, soft light, muted palette, wide shot, fine paper texture';

/** The statement and its parameters, for `sql.unsafe(text, values)`: one round trip whatever the count. */
export function librarySeedSql(options: SeedOptions): { text: string; values: Array<string | number> } {
  if (!Number.isInteger(options.count) || options.count < 0)
    throw new Error(`a seed count is a whole number, not ${options.count}`);
  const imageEvery = options.images.length > 0 ? IMAGE_EVERY : 0;
  // $4: the images as a JSON array, taken in turn; $5: every how many-th row is an image (0: none).
  const image = (field: keyof SeedImage) =>
    `case when is_image then ($4::text::jsonb -> ((n / greatest($5::int, 1)) % greatest(jsonb_array_length($4::text::jsonb), 1))::int) ->> '${field}' end`;
  const text = `
    insert into library_items (id, user_id, service, kind, tool, title, text, excerpt, file_key, file_type,
      thumbnail_key, thumbnail_type, open_url, created_at, revision)
    select id, $1::uuid,
      case when is_image then 'image' else 'prompt' end,
      case when is_image then 'image' else 'prompt' end,
      case when is_image then 'text-to-image' else 'image-to-prompt' end,
      'Bench item ' || n,
      case when is_image then null else $6::text || ' #' || n end,
      case when is_image then null else left($6::text || ' #' || n, 280) end,
      ${image('fileKey')}, ${image('fileType')}, ${image('thumbnailKey')}, ${image('thumbnailType')},
      case when is_image then '/tools/text-to-image?open=' else '/tools/image-to-prompt?open=' end || id,
      $3::timestamptz - (n * interval '1 minute'),
      1
    from (
      select n, gen_random_uuid() as id, ($5::int > 0 and n % greatest($5::int, 1) = 0) as is_image
      from generate_series(1, $2::int) as n
    ) as generated`;
  return {
    text,
    values: [
      options.userId,
      options.count,
      options.newest.toISOString(),
      JSON.stringify(options.images),
      imageEvery,
      TEXT,
    ],
  };
}

/**
 * The library's first page as the service asks for it (library-store.ts `list` without filters or cursor), for
 * EXPLAIN: the plan must walk the member's newest-first index, not sort the member's rows.
 */
export const FIRST_PAGE_SQL = `
  select *, created_at::text as created_key from library_items
  where user_id = $1 and deleted_at is null and created_at is not null and true
  order by created_at desc, id desc
  limit 41`;

/** The index names a plan (EXPLAIN's text, one line per row) reads, in order. */
export function indexesInPlan(planLines: readonly string[]): string[] {
  return planLines.flatMap((line) =>
    [...line.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g)].map((m) => m[1]!),
  );
}
