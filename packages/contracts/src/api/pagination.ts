// Keyset pagination for every list of a member's own records (usage history, chat sessions, galleries): the browser
// sends an opaque cursor and a bounded page size; the reply carries one page and the cursor of the next one.
import { z } from 'zod';
import { LIMITS } from '../limits';
import { successReply } from './common';

export interface PageSizes {
  /** Rows in a page when the request names no limit. */
  pageSize: number;
  /** Largest limit a request may ask for, so one call cannot read a whole table. */
  maxPageSize: number;
}

/** `?cursor=&limit=` for a list with its own page sizes; an empty or missing cursor asks for the first page. */
export function cursorQuery({ pageSize, maxPageSize }: PageSizes) {
  return z.object({
    cursor: z.string().max(LIMITS.cursorChars).optional(),
    limit: z.coerce.number().int().min(1).max(maxPageSize).default(pageSize),
  });
}

/** `?cursor=&limit=` with the default page sizes. */
export const CursorQuerySchema = cursorQuery({ pageSize: LIMITS.pageSize, maxPageSize: LIMITS.maxPageSize });
export type CursorQuery = z.infer<typeof CursorQuerySchema>;

type CursorPageShape<Key extends string, Item extends z.ZodType> = { [K in Key]: z.ZodArray<Item> } & {
  nextCursor: z.ZodOptional<z.ZodNullable<z.ZodString>>;
};

/**
 * `{success:true, <key>: Item[], nextCursor}`: one page of a list, newest first. `key` names the list as the spec
 * does ('history', 'sessions', 'images'); `nextCursor` is null (or absent) on the last page.
 */
export function cursorPage<Item extends z.ZodType, Key extends string = 'items'>(
  item: Item,
  key: Key = 'items' as Key,
) {
  const shape = { [key]: z.array(item), nextCursor: z.string().nullable().optional() };
  return successReply(shape as CursorPageShape<Key, Item>);
}
