// The generated_images table the photo effects, Upscale and Edit a region fill: each member's results, read and written
// only with the member's id from the verified token; the hub gallery reads it newest first in the spec's offset pages.
// A stored result and its charge's commit are written in one transaction (domain/stored-result.ts).
import type { GeneratedImageToolId } from '@act/contracts';
import {
  findOwned,
  type Charge,
  type CreationAnnouncer,
  type CreationOf,
  type Outbox,
  type Sql,
} from '@act/service-kit';
import { onBoard } from './board-store';

export interface GeneratedImageRecord {
  id: string;
  user_id: string;
  tool_type: 'image-to-image';
  tool_id: GeneratedImageToolId;
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

/** The store inside one transaction: a stored result and its charge commit together. */
export interface GeneratedImageTransaction {
  insert(record: NewGeneratedImage): Promise<GeneratedImageRecord>;
  /** Records the charge's commit in this transaction, through the service's outbox (see Charge.commitIn). */
  commitCharge(charge: Charge, outbox: Outbox): Promise<unknown>;
  /** Announces a stored result to the library in this transaction (domain/creations.ts). */
  announce(creations: CreationAnnouncer, event: CreationOf): Promise<unknown>;
}

export interface GeneratedImageStore {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: GeneratedImageTransaction) => Promise<T>): Promise<T>;
  /** One page, newest first, and whether another follows. */
  /** `board`: only the results on that board of the member's (docs/product-rules.md#image-boards). */
  latest(
    userId: string,
    page: { offset: number; limit: number; board?: string | undefined },
  ): Promise<{ items: GeneratedImageRecord[]; hasMore: boolean }>;
  /** 404 when the id is unknown, malformed or another member's. */
  find(userId: string, id: string): Promise<GeneratedImageRecord>;
}

export function createGeneratedImageStore(sql: Sql): GeneratedImageStore {
  return {
    transaction: <T>(fn: (tx: GeneratedImageTransaction) => Promise<T>) =>
      sql.begin((tx) =>
        fn({
          async insert(record) {
            const [row] = await tx<
              GeneratedImageRecord[]
            >`insert into generated_images ${tx(record)} returning *`;
            if (!row) throw new Error('insert returned no row');
            return row;
          },
          commitCharge: (charge, outbox) => charge.commitIn(tx, outbox),
          announce: (creations, event) => creations.created(tx, event),
        }),
      ) as Promise<T>,
    async latest(userId, { offset, limit, board }) {
      const onTheBoard = (await onBoard(sql, userId, board, 'generated_image_id')).condition;
      const rows = await sql<GeneratedImageRecord[]>`
        select * from generated_images
        where user_id = ${userId} and tool_type = 'image-to-image' ${onTheBoard}
        order by created_at desc, id desc
        limit ${limit + 1} offset ${offset}`;
      return { items: rows.slice(0, limit), hasMore: rows.length > limit };
    },
    find(userId, id) {
      return findOwned<GeneratedImageRecord>(sql, GENERATED, { id, userId });
    },
  };
}
