// Fuzzy matching for the command palette (docs/product-rules.md#keyboard-shortcuts): the typed letters must appear
// in the name in order (a subsequence, case ignored); names where they run together or start words rank first.

/** Points per matched letter, and the bonuses that make "cartoon" rank Cartoonify above a scattered match. */
const MATCH = 1;
const CONSECUTIVE = 5;
const WORD_START = 4;
const FIRST_LETTER = 10;
/** Each skipped letter between two matches costs this much, so tight matches beat loose ones. */
const GAP = 0.1;

function isWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  const before = text[index - 1]!;
  return before === ' ' || before === '-' || before === '/' || before === '(';
}

/**
 * The score of `query` against `text`, higher is better, or null when the query's letters (spaces ignored) are not
 * all in the text in order. An empty query matches everything with 0. Greedy from the left, preferring a letter
 * that starts a word when one is ahead.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const q = query.toLowerCase().replace(/\s+/g, '');
  const t = text.toLowerCase();
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const letter of q) {
    let index = t.indexOf(letter, from);
    if (index < 0) return null;
    // A later occurrence at a word start is worth the jump unless this one continues the run.
    if (index !== previous + 1 && !isWordStart(t, index)) {
      for (let next = t.indexOf(letter, index + 1); next >= 0; next = t.indexOf(letter, next + 1)) {
        if (isWordStart(t, next)) {
          index = next;
          break;
        }
      }
    }
    score += MATCH;
    if (index === previous + 1) score += CONSECUTIVE;
    if (isWordStart(t, index)) score += index === 0 ? FIRST_LETTER : WORD_START;
    if (previous >= 0) score -= (index - previous - 1) * GAP;
    previous = index;
    from = index + 1;
  }
  return score;
}

/** The items whose `name` matches, best first; equal scores keep the given order. */
export function fuzzyFilter<T extends { name: string }>(items: readonly T[], query: string): T[] {
  return items
    .map((item, order) => ({ item, order, score: fuzzyScore(query, item.name) }))
    .filter((entry): entry is { item: T; order: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.item);
}
