// Numbered sources of a web chat answer. The model reads the page's passages numbered [1]…[K] (in the order it got
// them) and cites them as [n]; the member sees sources numbered by first use. This rewrites the markers as the answer
// streams (holding back only a marker cut between two chunks) and builds each source's link: the page with a
// `#:~:text=` fragment that scrolls to and highlights the passage in browsers that support text fragments.
import type { Citation } from '@act/contracts';

/** `#:~:text=start,end` for a passage: its first and last few words (the whole passage when short). */
export function textFragmentUrl(pageUrl: string, passage: string): string {
  const url = pageUrl.split('#')[0]!;
  const words = passage.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  if (words.length === 0) return url;
  // Text fragment directives need `-`, `,` and `&` escaped besides the usual percent-encoding.
  const encode = (text: string) => encodeURIComponent(text).replace(/-/g, '%2D').replace(/,/g, '%2C');
  const EDGE = 5;
  if (words.length <= EDGE * 2) return `${url}#:~:text=${encode(words.join(' '))}`;
  const start = words.slice(0, EDGE).join(' ');
  const end = words.slice(-EDGE).join(' ');
  return `${url}#:~:text=${encode(start)},${encode(end)}`;
}

const QUOTE_MAX = 300;

export function passageCitation(page: { url: string; title: string }, passage: string): Citation {
  const quote = passage.length > QUOTE_MAX ? `${passage.slice(0, QUOTE_MAX - 1).trimEnd()}…` : passage;
  return { url: textFragmentUrl(page.url, passage), title: page.title, quote };
}

export interface CitationRenumberer {
  /** The answer text to show for this chunk (markers renumbered, unknown ones dropped). */
  push(text: string): string;
  /** The rest held back at the end. */
  end(): string;
  /** The sources cited so far, in order of first use. */
  readonly citations: Citation[];
}

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** A marker that may still be completing at the end of a chunk: `[`, `[1`, `[1,`, `[12, 3` … */
const PARTIAL_MARKER = /\[[\d,\s]{0,16}$/;

/**
 * Rewrites `[n]` markers that point at `sources[n-1]` into the member's numbering (first use = 1), calling
 * `onNewCitation` when a source is cited for the first time.
 */
export function createCitationRenumberer(
  sources: readonly Citation[],
  onNewCitation: (citations: Citation[]) => void,
): CitationRenumberer {
  const numberOf = new Map<number, number>();
  const citations: Citation[] = [];
  let pending = '';
  const rewrite = (text: string) =>
    text.replace(MARKER, (_marker, list: string) => {
      const numbers: number[] = [];
      for (const item of list.split(',')) {
        const n = Number(item.trim());
        const source = sources[n - 1];
        if (!source) continue;
        let shown = numberOf.get(n);
        if (shown === undefined) {
          citations.push(source);
          shown = citations.length;
          numberOf.set(n, shown);
          onNewCitation([...citations]);
        }
        if (!numbers.includes(shown)) numbers.push(shown);
      }
      return numbers.map((shown) => `[${shown}]`).join('');
    });
  return {
    push(text) {
      pending += text;
      const partial = PARTIAL_MARKER.exec(pending);
      const cut = partial ? partial.index : pending.length;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return rewrite(ready);
    },
    end() {
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
    get citations() {
      return citations;
    },
  };
}
