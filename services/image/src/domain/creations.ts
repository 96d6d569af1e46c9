// The image service's results in the member's library (docs/architecture.md#library-events): each stored text-to-image
// picture and each stored effect, Upscale or Edit result is announced in its storing transaction; deleting one (the
// gallery's delete, or the library's request) removes its row and announces it in one transaction, then its files.
import { ERROR_TEXTS, type ToolId } from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isUuid,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type Logger,
  type Sql,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { GeneratedImageRecord } from '../db/generated-image-store';
import type { ImageRecord } from '../db/image-store';
import { CONTENT_TYPES } from './run-images';

/** The title a result gets in the library: its prompt (or the tool's name), cut to the library's 300 characters. */
const titleOf = (text: string) => text.slice(0, 300);
const openUrl = (tool: ToolId, id: string) => `/tools/${tool}?open=${id}`;

export function textToImageCreation(record: ImageRecord): CreationOf {
  return {
    id: record.id,
    userId: record.user_id,
    kind: 'image',
    tool: 'text-to-image',
    title: titleOf(record.positive_prompt),
    file: { key: record.image_key, contentType: CONTENT_TYPES[record.image_format] },
    thumbnail: { key: record.thumbnail_key, contentType: 'image/webp' },
    openUrl: openUrl('text-to-image', record.id),
    createdAt: record.created_at.toISOString(),
  };
}

export function generatedImageCreation(record: GeneratedImageRecord): CreationOf {
  return {
    id: record.id,
    userId: record.user_id,
    kind: 'image',
    tool: record.tool_id,
    title: titleOf(record.positive_prompt),
    file: { key: record.image_key, contentType: 'image/jpeg' },
    thumbnail: { key: record.thumbnail_key, contentType: 'image/webp' },
    openUrl: openUrl(record.tool_id, record.id),
    createdAt: record.created_at.toISOString(),
  };
}

/** The backfill's pages: both tables' results in id order (creation-owner.ts). */
export async function imageBackfillPage(db: Db, after: string | null, limit: number): Promise<CreationOf[]> {
  const from = after ? db`id > ${after}` : db`true`;
  const images = await db<ImageRecord[]>`
    select * from text_to_images where ${from} order by id limit ${limit}`;
  const generated = await db<GeneratedImageRecord[]>`
    select * from generated_images where ${from} order by id limit ${limit}`;
  return [...images.map(textToImageCreation), ...generated.map(generatedImageCreation)]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .slice(0, limit);
}

export interface DeleteImageDeps {
  sql: Sql;
  files: ObjectStore;
  creations: CreationAnnouncer;
  logger: Logger;
}

type Deleted = {
  id: string;
  user_id: string;
  image_key: string;
  thumbnail_key: string;
  original_key?: string;
};

/**
 * Deletes the member's image (a text-to-image picture, or an effect's result): the row and its deleted event in one
 * transaction, then its files. 404 when the member has none with this id (another member's, or already gone).
 */
export async function deleteImageResult(deps: DeleteImageDeps, userId: string, id: string): Promise<Deleted> {
  const notFound = new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  if (!isUuid(id)) throw notFound;
  const record = await deps.sql.begin(async (tx) => {
    const [row] = await tx<Deleted[]>`
      delete from text_to_images where id = ${id} and user_id = ${userId}
      returning id, user_id, image_key, thumbnail_key`;
    const [done] = row
      ? [row]
      : await tx<Deleted[]>`
          delete from generated_images where id = ${id} and user_id = ${userId}
          returning id, user_id, image_key, thumbnail_key, original_key`;
    if (done) await deps.creations.deleted(tx, { id, userId });
    return done;
  });
  if (!record) throw notFound;
  deps.creations.trigger();
  // The row is gone first (no list shows it); its objects follow. A failure here leaves objects no row names, which
  // no signed URL can be minted for again; it is logged for cleanup.
  const keys = [
    record.image_key,
    record.thumbnail_key,
    ...(record.original_key ? [record.original_key] : []),
  ];
  await deps.files
    .delete(keys)
    .catch((err: unknown) =>
      deps.logger.error({ err, id }, 'could not delete the objects of a deleted image'),
    );
  return record;
}
