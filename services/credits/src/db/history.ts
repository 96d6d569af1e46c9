// The member's tool_usage rows, newest first, paged by a keyset cursor on (timestamp, id).
import type { ToolId } from '@act/contracts';
import { afterCursor, type CursorPosition, type Db } from '@act/service-kit';

export interface UsageRow {
  id: string;
  tool_name: string;
  used_credits: number;
  timestamp: Date;
  /** The timestamp exactly as PostgreSQL stores it (microseconds), so cursors never skip or repeat a row. */
  timestamp_key: string;
  /** The personal API key of the use (from its hold); null for uses from the app. */
  api_key_id: string | null;
  api_key_name: string | null;
}

export interface UsagePageQuery {
  userId: string;
  limit: number;
  tool?: ToolId;
  after?: CursorPosition;
}

export async function selectUsagePage(db: Db, query: UsagePageQuery): Promise<UsageRow[]> {
  return db<UsageRow[]>`
    select u.id, u.tool_name, u.used_credits, u.timestamp, u.timestamp::text as timestamp_key, h.api_key_id,
      h.api_key_name
    from tool_usage u left join holds h on h.request_id = u.request_id
    where u.user_id = ${query.userId}
      ${query.tool ? db`and u.tool_name = ${query.tool}` : db``}
      and ${afterCursor(db, query.after, 'u.timestamp', 'u.id')}
    order by u.timestamp desc, u.id desc
    limit ${query.limit}`;
}
