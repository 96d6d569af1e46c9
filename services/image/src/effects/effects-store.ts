// The generated_images table: each member's photo-effect results, read and written only with the member's id from
// the verified token. The hub gallery reads it newest first in the spec's offset pages.
import type { PhotoEffectToolId } from '@act/contracts';
import { findOwned, type Db, type Sql } from '@act/service-kit';

export interface GeneratedImageRecord {
  id: string;
  user_id: string;
  tool_type: 'image-to-image';
  tool_id: PhotoEffectToolId;
  positive_prompt: string;
  image_key: string;
  thumbnail_key: string;
  original_key: string;
  width: number;
  height: number;
  created_at: Date;
}

export type NewGeneratedImage = Omit<GeneratedImageRecord, 'tool_type' | 'created_at'>;

const GENERATED = { table: 'generated_images' };

export interface GeneratedImageStore {
  readonly sql: Sql;
  insert(db: Db, record: NewGeneratedImage): Promise<GeneratedImageRecord>;
  /** One page, newest first, and whether another follows. */
  latest(
    userId: string,
    page: { offset: number; limit: number },
  ): Promise<{ items: GeneratedImageRecord[]; hasMore: boolean }>;
  /** 404 when the id is unknown, malformed or another member's. */
  find(userId: string, id: string): Promise<GeneratedImageRecord>;
}

export function createGeneratedImageStore(sql: Sql): GeneratedImageStore {
  return {
    sql,
    async insert(db, record) {
      const [row] = await db<GeneratedImageRecord[]>`insert into generated_images ${db(record)} returning *`;
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async latest(userId, { offset, limit }) {
      const rows = await sql<GeneratedImageRecord[]>`
        select * from generated_images
        where user_id = ${userId} and tool_type = 'image-to-image'
        order by created_at desc, id desc
        limit ${limit + 1} offset ${offset}`;
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    find(userId, id) {
      return findOwned<GeneratedImageRecord>(sql, GENERATED, { id, userId });
    },
  };
}
