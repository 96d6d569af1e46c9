// Usage history rules (docs/product-rules.md#screens): sort newest / oldest / most credits / least credits, search by
// tool name, filter by tool; zero-credit entries read 'Free' and tool names show title-cased.
import { UI_TEXTS, formatCost, titleCaseToolName, type UsageHistoryEntry } from '@act/contracts';

export type UsageSort = 'newest' | 'oldest' | 'most' | 'least';
export const ALL_TOOLS = 'all';

export const USAGE_SORT_OPTIONS: readonly { value: UsageSort; label: string }[] = [
  { value: 'newest', label: UI_TEXTS.account.usage.sortNewest },
  { value: 'oldest', label: UI_TEXTS.account.usage.sortOldest },
  { value: 'most', label: UI_TEXTS.account.usage.sortMostCredits },
  { value: 'least', label: UI_TEXTS.account.usage.sortLeastCredits },
];

export interface UsageQuery {
  sort: UsageSort;
  /** Free text matched against the title-cased and the raw tool name, case-insensitively. */
  search: string;
  /** A tool_name, or ALL_TOOLS. */
  tool: string;
}

function time(entry: UsageHistoryEntry): number {
  return new Date(entry.timestamp).getTime();
}

export function filterAndSortUsage(
  entries: readonly UsageHistoryEntry[],
  query: UsageQuery,
): UsageHistoryEntry[] {
  const needle = query.search.trim().toLowerCase();
  const filtered = entries.filter((entry) => {
    if (query.tool !== ALL_TOOLS && entry.tool_name !== query.tool) return false;
    if (!needle) return true;
    return (
      titleCaseToolName(entry.tool_name).toLowerCase().includes(needle) ||
      entry.tool_name.toLowerCase().includes(needle)
    );
  });
  const byNewest = (a: UsageHistoryEntry, b: UsageHistoryEntry) => time(b) - time(a);
  const compare: Record<UsageSort, (a: UsageHistoryEntry, b: UsageHistoryEntry) => number> = {
    newest: byNewest,
    oldest: (a, b) => time(a) - time(b),
    // Equal credits fall back to newest first so the order is stable and meaningful.
    most: (a, b) => b.used_credits - a.used_credits || byNewest(a, b),
    least: (a, b) => a.used_credits - b.used_credits || byNewest(a, b),
  };
  return filtered.sort(compare[query.sort]);
}

/** Tool filter choices: 'All tools' then every tool present in the history, by display name. */
export function usageToolOptions(entries: readonly UsageHistoryEntry[]): { value: string; label: string }[] {
  const names = [...new Set(entries.map((entry) => entry.tool_name))];
  const options = names
    .map((name) => ({ value: name, label: titleCaseToolName(name) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return [{ value: ALL_TOOLS, label: UI_TEXTS.account.usage.allTools }, ...options];
}

/** 'Free' for zero, else '1 credit' / 'N credits'. */
export function usageCreditsLabel(usedCredits: number): string {
  return usedCredits === 0 ? UI_TEXTS.account.usage.free : formatCost(usedCredits);
}
