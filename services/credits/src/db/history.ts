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
}

export interface UsagePageQuery {
  userId: string;
  limit: number;
  tool?: ToolId;
  after?: CursorPosition;
}

export async function selectUsagePage(db: Db, query: UsagePageQuery): Promise<UsageRow[]> {
  return db<UsageRow[]>`
    select id, tool_name, used_credits, timestamp, timestamp::text as timestamp_key
    from tool_usage
    where user_id = ${query.userId}
      ${query.tool ? db`and tool_name = ${query.tool}` : db``}
      and ${afterCursor(db, query.after, 'timestamp')}
    order by timestamp desc, id desc
    limit ${query.limit}`;
}
