// Image's part of a member's data export (docs/architecture.md#data-export): every generation record in
// `images.json`, its image as `images/<id>.<ext>` (and the photo an image-to-image tool started from as
// `images/<id>.original.<ext>`), and the boards. Files go as object-store keys: the exporter streams them.
import type { MemberExportPart } from '@act/contracts/server';
import { exportRows, type Sql } from '@act/service-kit';

/** `images/<id>[.original].<the key's extension>`. */
function pathOf(id: string, key: string, suffix = ''): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1] ?? 'bin';
  return `images/${id}${suffix}.${ext}`;
}

export async function collectImageExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const generated = await sql<Array<{ id: string; image_key: string }>>`
    select id, 'text-to-image' as tool, positive_prompt, negative_prompt, model_name, style, aspect_ratio,
      image_format, seed::text, width, height, favourite, image_key, created_at
    from text_to_images where user_id = ${userId} order by created_at`;
  const edited = await sql<Array<{ id: string; image_key: string; original_key: string }>>`
    select id, tool_id as tool, positive_prompt, width, height, image_key, original_key, created_at
    from generated_images where user_id = ${userId} order by created_at`;
  const boards = await sql`
    select b.id, b.name, b.created_at,
      coalesce(json_agg(i.image_id order by i.added_at) filter (where i.image_id is not null), '[]') as image_ids
    from image_boards b left join image_board_items i on i.board_id = b.id
    where b.user_id = ${userId} group by b.id order by b.created_at`;
  return {
    documents: [
      {
        path: 'images.json',
        data: {
          images: exportRows([...generated, ...edited]).map((row) => ({
            ...row,
            file: pathOf(row.id as string, row.imageKey as string),
          })),
          boards: exportRows(boards),
        },
      },
    ],
    files: [
      ...generated.map((row) => ({ path: pathOf(row.id, row.image_key), key: row.image_key })),
      ...edited.flatMap((row) => [
        { path: pathOf(row.id, row.image_key), key: row.image_key },
        { path: pathOf(row.id, row.original_key, '.original'), key: row.original_key },
      ]),
    ],
  };
}
