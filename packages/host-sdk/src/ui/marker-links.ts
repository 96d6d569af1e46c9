// Numbered citation markers (`[1]`, `[2]` …) in a provider's text as links to what they cite: chat's web sources, the
// web chat's passages, a video answer's moments, and chat's Markdown export. One rule for all: a marker is `[n]` with
// one to three digits, not already a Markdown link's text (`[1](…)`); a number that cites nothing stays text.
import type { TextLink, TextLinker } from './markdown';

const MARKER = /\[(\d{1,3})\](?!\()/g;

export interface MarkerLinkOptions<C> {
  /** Where the link to a citation goes; undefined leaves its marker as text (a source that is not a web page). */
  hrefOf(citation: C, n: number): string | undefined;
  /** The link's accessible name ("Source 1: Tides"). */
  labelOf(citation: C, n: number): string;
  /** The number a citation answers to; its place in the list (from 1) when left out. */
  numberOf?(citation: C, index: number): number;
  /** The links' class. */
  className?: string;
}

/**
 * A TextLinker (for `<Markdown linkText>`) turning each `[n]` marker into a link to the n-th citation. Pass the result
 * to the renderer stably (useMemo on the citations): a new one re-parses the text.
 */
export function markerLinks<C>(citations: readonly C[], options: MarkerLinkOptions<C>): TextLinker {
  const { hrefOf, labelOf, numberOf = (_citation: C, index: number) => index + 1, className } = options;
  const byNumber = new Map(citations.map((citation, index) => [numberOf(citation, index), citation]));
  return (text) => {
    const parts: Array<string | TextLink> = [];
    let last = 0;
    for (const match of text.matchAll(MARKER)) {
      const n = Number(match[1]);
      const citation = byNumber.get(n);
      const href = citation === undefined ? undefined : hrefOf(citation, n);
      if (citation === undefined || href === undefined) continue;
      if (match.index > last) parts.push(text.slice(last, match.index));
      parts.push({ text: match[0], href, label: labelOf(citation, n), ...(className ? { className } : {}) });
      last = match.index + match[0].length;
    }
    if (last < text.length) parts.push(text.slice(last));
    return parts;
  };
}
