// The image database: each member's text-to-image results, read and written only with the member's id from the
// verified token. The gallery is a keyset list (created_at, id) newest first, so an image added while the member
// scrolls never shifts the pages after it; search is over the prompt, case-insensitive.
import type { AspectRatio, ImageFormat, ImageModelId, ImageStyle } from '@act/contracts';
import { onBoard } from './board-store';
import {
  afterCursor,
  decodeCursor,
  findOwned,
  pageOf,
  type Charge,
  type CreationAnnouncer,
  type CreationOf,
  type Outbox,
  type Page,
  type Sql,
} from '@act/service-kit';

export interface ImageRecord {
  id: string;
  user_id: string;
  positive_prompt: string;
  negative_prompt: string | null;
  model_name: ImageModelId;
  style: ImageStyle | null;
  aspect_ratio: AspectRatio;
  image_format: ImageFormat;
  seed: number;
  width: number;
  height: number;
  image_key: string;
  thumbnail_key: string;
  favourite: boolean;
  created_at: Date;
}

export type NewImageRecord = Omit<ImageRecord, 'favourite' | 'created_at'>;

export interface GalleryFilter {
  cursor?: string;
  limit: number;
  /** Words in the prompt. */
  q?: string;
  model?: ImageModelId;
  favourites?: boolean;
  /** One of the member's boards (docs/product-rules.md#image-boards). */
  board?: string;
}

const IMAGES = { table: 'text_to_images' };

/** postgres.js returns bigint as text; a seed always fits in a JavaScript number. */
function recordOf(row: Record<string, unknown>): ImageRecord {
  return { ...(row as unknown as ImageRecord), seed: Number(row.seed) };
}

/** `q` as a literal ILIKE pattern: `%`, `_` and `\` in the member's words match themselves. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The store inside one transaction: a stored image and its charge commit together. */
export interface ImageTransaction {
  insert(record: NewImageRecord): Promise<ImageRecord>;
  /** Records the charge's commit in this transaction, through the service's outbox (see Charge.commitIn). */
  commitCharge(charge: Charge, outbox: Outbox): Promise<unknown>;
  /** Announces a stored result to the library in this transaction (domain/creations.ts). */
  announce(creations: CreationAnnouncer, event: CreationOf): Promise<unknown>;
}

export interface ImageStore {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: ImageTransaction) => Promise<T>): Promise<T>;
  list(userId: string, filter: GalleryFilter): Promise<Page<ImageRecord>>;
  find(userId: string, id: string): Promise<ImageRecord>;
  setFavourite(userId: string, id: string, favourite: boolean): Promise<ImageRecord>;
}

export function createImageStore(sql: Sql): ImageStore {
  return {
    transaction: <T>(fn: (tx: ImageTransaction) => Promise<T>) =>
      sql.begin((tx) =>
        fn({
          async insert(record) {
            const [row] = await tx`insert into text_to_images ${tx(record)} returning *`;
            if (!row) throw new Error('insert returned no row');
            return recordOf(row);
          },
          commitCharge: (charge, outbox) => charge.commitIn(tx, outbox),
          announce: (creations, event) => creations.created(tx, event),
        }),
      ) as Promise<T>,
    async list(userId, { cursor, limit, q, model, favourites, board }) {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const onTheBoard = (await onBoard(sql, userId, board, 'text_to_image_id')).condition;
      const rows = await sql`
        select *, created_at::text as created_key
        from text_to_images
        where user_id = ${userId}
          and ${afterCursor(sql, position, 'created_at')}
          ${q ? sql`and positive_prompt ilike ${containsPattern(q)}` : sql``}
          ${model ? sql`and model_name = ${model}` : sql``}
          ${favourites ? sql`and favourite` : sql``}
          ${onTheBoard}
        order by created_at desc, id desc
        limit ${limit + 1}`;
      const page = pageOf(rows, limit, (row) => ({
        timestampKey: String(row.created_key),
        id: String(row.id),
      }));
      return {
        nextCursor: page.nextCursor,
        items: page.items.map(({ created_key: _key, ...row }) => recordOf(row)),
      };
    },
    async find(userId, id) {
      return recordOf(await findOwned(sql, IMAGES, { id, userId }));
    },
    async setFavourite(userId, id, favourite) {
      // The same 404 as findOwned for an unknown, foreign or malformed id.
      await findOwned(sql, IMAGES, { id, userId });
      const [row] = await sql`
        update text_to_images set favourite = ${favourite}
        where id = ${id} and user_id = ${userId} returning *`;
      return row ? recordOf(row) : this.find(userId, id);
    },
  };
}
