// The keyset cursor of a chat session list ordered pinned first (issue 38): `pinned desc, updated_at desc, id desc`.
// A cursor in the unpinned part is the kit's plain cursor (so cursors handed out before pins existed stay valid); one
// in the pinned part is the same with a `p.` prefix. Anything else is the kit's 400 on `cursor`.
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  type CursorPosition,
  type Page,
  type Sql,
} from '@act/service-kit';

const PINNED = 'p.';

export interface PinnedPosition extends CursorPosition {
  pinned: boolean;
}

export function decodePinnedCursor(cursor: string): PinnedPosition {
  const pinned = cursor.startsWith(PINNED);
  return { ...decodeCursor(pinned ? cursor.slice(PINNED.length) : cursor), pinned };
}

/** The sessions after `position` (`s` is chat_sessions): the rest of its part, then every row of the parts after. */
export function afterPinnedCursor(sql: Sql, position: PinnedPosition | undefined) {
  if (!position) return sql`true`;
  const after = afterCursor(sql, position, 's.updated_at', 's.id');
  return position.pinned ? sql`((s.pinned and ${after}) or not s.pinned)` : sql`(not s.pinned and ${after})`;
}

export function pinnedPageOf<Row extends { id: string; updated_key: string; pinned: boolean }>(
  rows: readonly Row[],
  limit: number,
): Page<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  const cursor = encodeCursor({ timestampKey: last.updated_key, id: last.id });
  return { items, nextCursor: last.pinned ? `${PINNED}${cursor}` : cursor };
}
