// Usage history for the member's account page (spec §7 tool-usage-history): newest first, paged by opaque cursor.
import { ERROR_TEXTS, ErrorCode, type UsageHistoryEntry, type UsageHistoryQuery } from '@act/contracts';
import { AppError, type Sql } from '@act/service-kit';
import { selectUsagePage } from '../db/history';

export interface UsageHistoryPage {
  history: UsageHistoryEntry[];
  nextCursor: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(timestampKey: string, id: string): string {
  return Buffer.from(JSON.stringify([timestampKey, id])).toString('base64url');
}

function decodeCursor(cursor: string): { timestampKey: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      !Number.isNaN(Date.parse(value[0])) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
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

export async function listUsageHistory(
  sql: Sql,
  userId: string,
  query: UsageHistoryQuery,
): Promise<UsageHistoryPage> {
  // One extra row tells whether another page exists without a count query.
  const rows = await selectUsagePage(sql, {
    userId,
    limit: query.limit + 1,
    tool: query.tool,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    history: page.map((row) => ({
      id: row.id,
      tool_name: row.tool_name,
      used_credits: row.used_credits,
      timestamp: row.timestamp.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.timestamp_key, last.id) : null,
  };
}
