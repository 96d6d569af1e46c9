// Keyset cursors for lists of a member's records, newest first by (timestamp, id): encoding, strict decoding (a bad
// cursor is the caller's mistake, a 400, never a 500 from PostgreSQL), the SQL condition and the page cut.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import type postgres from 'postgres';
import { AppError } from './errors';

/** Where a page ends: the last row's timestamp and id. */
export interface CursorPosition {
  /**
   * The timestamp exactly as PostgreSQL prints it (`timestamptz::text`, microseconds). A JavaScript Date keeps only
   * milliseconds, so a cursor made from one would skip or repeat rows written within the same millisecond.
   */
  timestampKey: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// PostgreSQL's ISO output (and ISO 8601 input): date, time, up to microseconds, offset in hours[:minutes[:seconds]].
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * True for a timestamp PostgreSQL will take as `timestamptz` without an error: `Date.parse` is far more lenient
 * (it reads '99999-01-01' and '0000-01-01'), and a value it lets through used to reach the query and answer 500.
 */
function isStorableTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] =
    match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  if (!year || !month || !day || hour === undefined || minute === undefined || second === undefined)
    return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (
    month <= 12 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  );
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.timestampKey, position.id])).toString('base64url');
}

/** The position a cursor from `encodeCursor` names; anything else answers 400 'Invalid request' on `cursor`. */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isStorableTimestamp(value[0]) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    ) {
      return { timestampKey: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the same answer as a well-formed but wrong cursor.
  }
  throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest, {
    details: { field: 'cursor' },
  });
}

/**
 * The rows after `position` in a list ordered `timestampColumn desc, idColumn desc` (`true` without a position).
 * Select `timestampColumn::text` too, and build the next cursor from that text.
 */
export function afterCursor(
  db: postgres.ISql,
  position: CursorPosition | undefined,
  timestampColumn: string,
  idColumn = 'id',
): postgres.PendingQuery<postgres.Row[]> {
  return position
    ? db`(${db(timestampColumn)}, ${db(idColumn)}) < (${position.timestampKey}::timestamptz, ${position.id}::uuid)`
    : db`true`;
}

export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/**
 * Cuts the rows of a query run with `limit + 1` into one page: the extra row only says that another page exists,
 * so no count query is needed.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => CursorPosition,
): Page<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
