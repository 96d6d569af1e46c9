// Usage history for the member's account page (docs/product-rules.md#endpoints tool-usage-history): newest first,
// paged by opaque cursor.
import type { UsageHistoryEntry, UsageHistoryQuery } from '@act/contracts';
import { decodeCursor, pageOf } from '@act/service-kit';
import type { CreditsStore } from '../db/credits-store';
import { apiKeyOf } from './ledger';

export interface UsageHistoryPage {
  history: UsageHistoryEntry[];
  nextCursor: string | null;
}

export async function listUsageHistory(
  store: CreditsStore,
  userId: string,
  query: UsageHistoryQuery,
): Promise<UsageHistoryPage> {
  const rows = await store.usagePage({
    userId,
    limit: query.limit + 1,
    tool: query.tool,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = pageOf(rows, query.limit, (row) => ({ timestampKey: row.timestamp_key, id: row.id }));
  return {
    history: page.items.map((row) => ({
      id: row.id,
      tool_name: row.tool_name,
      used_credits: row.used_credits,
      timestamp: row.timestamp.toISOString(),
      api_key: apiKeyOf(row),
    })),
    nextCursor: page.nextCursor,
  };
}
