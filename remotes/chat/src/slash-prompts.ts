// The `/` menu's text rules (docs/product-rules.md#prompt-library), apart from React so they read plainly: where a
// `/query` is being typed, which saved prompts match it, and the text once a prompt replaces it.
import { promptPlaceholders, type ChatPrompt } from '@act/contracts';

/** A `/query` being typed: `/` at the start of the text or after a space, up to the caret, with no space in it. */
export interface SlashQuery {
  /** Where its `/` is. */
  start: number;
  /** The caret (its end). */
  end: number;
  query: string;
}

export function slashQueryAt(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]{0,60})$/.exec(before);
  if (!match) return null;
  const start = match.index + match[1]!.length;
  return { start, end: caret, query: match[2]! };
}

/** The prompts a query matches: by title first, then by body; all of them for an empty query. */
export function matchingPrompts(prompts: readonly ChatPrompt[], query: string): ChatPrompt[] {
  const q = query.toLowerCase();
  if (!q) return [...prompts];
  const byTitle = prompts.filter((prompt) => prompt.title.toLowerCase().includes(q));
  const byBody = prompts.filter(
    (prompt) => !byTitle.includes(prompt) && prompt.body.toLowerCase().includes(q),
  );
  return [...byTitle, ...byBody];
}

/** The text with the prompt's body in place of the `/query`, and what to select: its first placeholder (or the end). */
export function insertPrompt(text: string, slash: SlashQuery, body: string) {
  const value = text.slice(0, slash.start) + body + text.slice(slash.end);
  const first = promptPlaceholders(body)[0];
  const selection = first
    ? { start: slash.start + first.start, end: slash.start + first.end }
    : { start: slash.start + body.length, end: slash.start + body.length };
  return { value, selection };
}

/** The placeholder after the one selected (Tab), or null when the selection is no placeholder or the last one. */
export function nextPlaceholder(text: string, selection: { start: number; end: number }) {
  const all = promptPlaceholders(text);
  const current = all.findIndex((range) => range.start === selection.start && range.end === selection.end);
  return current === -1 ? null : (all[current + 1] ?? null);
}
