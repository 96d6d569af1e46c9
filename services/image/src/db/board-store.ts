// The image_boards tables: each member's boards and the gallery images on them, read and written only with the
// member's id from the verified token. A board, or an image, that is not the member's answers 404 like an unknown
// one. The limits (boards per member, images per board) are checked under a lock, so two calls at once cannot pass
// them together.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, ErrorCode, IMAGE_BOARD_LIMITS } from '@act/contracts';
import { AppError, findOwned, isUuid, type Sql } from '@act/service-kit';

const B = ERROR_TEXTS.imageBoards;

export interface BoardRecord {
  id: string;
  name: string;
  created_at: Date;
  /** Newest addition first. */
  image_ids: string[];
  /** The thumbnail of the image added last; null while the board is empty. */
  cover_key: string | null;
}

/** Which table an image of the member's is in: the board item points at it there. */
export type ImageColumn = 'text_to_image_id' | 'generated_image_id';

export interface BoardStore {
  list(userId: string): Promise<BoardRecord[]>;
  /** 404 when the board is unknown, malformed or another member's. */
  find(userId: string, id: string): Promise<BoardRecord>;
  create(userId: string, name: string): Promise<BoardRecord>;
  rename(userId: string, id: string, name: string): Promise<BoardRecord>;
  /** Deletes the board and its items; the images stay. */
  delete(userId: string, id: string): Promise<void>;
  /** Adds one of the member's images; adding it again changes nothing. */
  addImage(userId: string, id: string, imageId: string): Promise<BoardRecord>;
  /** Takes one of the member's images off the board (already off: nothing changes). */
  removeImage(userId: string, id: string, imageId: string): Promise<BoardRecord>;
}

const BOARDS = { table: 'image_boards' };

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

/**
 * The condition of a gallery list's `?board=` (docs/product-rules.md#image-boards): only the images on that board,
 * after checking it is the member's (404 otherwise, like every board route).
 */
export async function onBoard(sql: Sql, userId: string, board: string | undefined, column: ImageColumn) {
  // A postgres.js fragment is a thenable: returned bare from an async function it would run as a query of its own.
  if (!board) return { condition: sql`` };
  await findOwned(sql, BOARDS, { id: board, userId });
  return {
    condition: sql`and id in (select ${sql(column)} from image_board_items where board_id = ${board})`,
  };
}

/** The boards with their items' ids (as text: postgres.js parses text[]) and the cover's thumbnail key. */
function boardsOf(sql: Sql, userId: string, id?: string) {
  return sql<BoardRecord[]>`
    select b.id, b.name, b.created_at,
      coalesce(
        array_agg(i.image_id::text order by i.added_at desc, i.image_id) filter (where i.image_id is not null),
        '{}'
      ) as image_ids,
      (select coalesce(t.thumbnail_key, g.thumbnail_key)
        from image_board_items c
        left join text_to_images t on t.id = c.text_to_image_id
        left join generated_images g on g.id = c.generated_image_id
        where c.board_id = b.id
        order by c.added_at desc, c.image_id limit 1) as cover_key
    from image_boards b
    left join image_board_items i on i.board_id = b.id
    where b.user_id = ${userId} ${id ? sql`and b.id = ${id}` : sql``}
    group by b.id
    order by b.created_at, b.id`;
}

async function findBoard(sql: Sql, userId: string, id: string): Promise<BoardRecord> {
  if (!isUuid(id)) throw notFound();
  const [board] = await boardsOf(sql, userId, id);
  if (!board) throw notFound();
  return board;
}

/** The column naming `imageId` when it is one of the member's images; otherwise 404. */
async function imageColumnOf(sql: Sql, userId: string, imageId: string): Promise<ImageColumn> {
  if (!isUuid(imageId)) throw notFound();
  const [row] = await sql<{ kind: ImageColumn }[]>`
    select 'text_to_image_id' as kind from text_to_images where id = ${imageId} and user_id = ${userId}
    union all
    select 'generated_image_id' from generated_images where id = ${imageId} and user_id = ${userId}`;
  if (!row) throw notFound();
  return row.kind;
}

/** Names are unique per member (any case): a taken one is a 409 in plain words. */
async function named<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(ErrorCode.CONFLICT, B.nameTaken);
    throw err;
  }
}

async function insertBoard(sql: Sql, userId: string, id: string, name: string): Promise<void> {
  await named(
    sql.begin(async (tx) => {
      // One member's creates queue here, so the count below cannot be passed by two at once.
      await tx`select pg_advisory_xact_lock(hashtextextended(${`image-boards:${userId}`}, 0))`;
      const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`
        select count(*)::int as count from image_boards where user_id = ${userId}`;
      if (count >= IMAGE_BOARD_LIMITS.boardsPerMember)
        throw new AppError(ErrorCode.VALIDATION_FAILED, B.tooManyBoards);
      await tx`insert into image_boards (id, user_id, name) values (${id}, ${userId}, ${name})`;
    }),
  );
}

async function insertItem(sql: Sql, id: string, column: ImageColumn, imageId: string): Promise<void> {
  await sql.begin(async (tx) => {
    // The board's row lock makes the count and the insert one step for concurrent adds to the same board.
    const [board] = await tx`select id from image_boards where id = ${id} for update`;
    if (!board) throw notFound();
    const [already] = await tx`
      select 1 from image_board_items where board_id = ${id} and image_id = ${imageId}`;
    if (already) return;
    const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`
      select count(*)::int as count from image_board_items where board_id = ${id}`;
    if (count >= IMAGE_BOARD_LIMITS.imagesPerBoard)
      throw new AppError(ErrorCode.VALIDATION_FAILED, B.boardFull);
    await tx`insert into image_board_items (board_id, ${tx(column)}) values (${id}, ${imageId})
      on conflict do nothing`;
  });
}

export function createBoardStore(sql: Sql): BoardStore {
  const find = (userId: string, id: string) => findBoard(sql, userId, id);
  return {
    list: (userId) => boardsOf(sql, userId),
    find,
    async create(userId, name) {
      const id = randomUUID();
      await insertBoard(sql, userId, id, name);
      return find(userId, id);
    },
    async rename(userId, id, name) {
      await findOwned(sql, BOARDS, { id, userId });
      await named(sql`update image_boards set name = ${name} where id = ${id} and user_id = ${userId}`);
      return find(userId, id);
    },
    async delete(userId, id) {
      if (!isUuid(id)) throw notFound();
      const rows = await sql`delete from image_boards where id = ${id} and user_id = ${userId} returning id`;
      if (rows.length === 0) throw notFound();
    },
    async addImage(userId, id, imageId) {
      await findOwned(sql, BOARDS, { id, userId });
      await insertItem(sql, id, await imageColumnOf(sql, userId, imageId), imageId);
      return find(userId, id);
    },
    async removeImage(userId, id, imageId) {
      await findOwned(sql, BOARDS, { id, userId });
      await imageColumnOf(sql, userId, imageId);
      await sql`delete from image_board_items where board_id = ${id} and image_id = ${imageId}`;
      return find(userId, id);
    },
  };
}
