// `[n]` citation markers renumbered by first use. A model reads its sources numbered [1]…[K] (in the order it got
// them) and cites them as [n]; the member sees them numbered by first use (1, 2, …), repeats kept, markers that name
// no source dropped. One rule for every tool that cites: the web chat renumbers as the answer streams
// (createCitationRenumberer, holding back only a marker cut between two chunks), "Ask this video" renumbers the
// whole answer (renumberCitations).

const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;
/** A marker that may still be completing at the end of a chunk: `[`, `[1`, `[1,`, `[12, 3` … */
const PARTIAL_MARKER = /\[[\d,\s]{0,16}$/;

/** Rewrites markers into the first-use numbering, remembering which sources were cited and in what order. */
function citationNumbering<S>(sources: readonly S[], onNewCitation?: (cited: S[]) => void) {
  const numberOf = new Map<number, number>();
  const cited: S[] = [];
  const rewrite = (text: string): string =>
    text.replace(MARKER, (_marker, list: string) => {
      const numbers: number[] = [];
      for (const item of list.split(',')) {
        const n = Number(item.trim());
        const source = sources[n - 1];
        if (source === undefined) continue;
        let shown = numberOf.get(n);
        if (shown === undefined) {
          cited.push(source);
          shown = cited.length;
          numberOf.set(n, shown);
          onNewCitation?.([...cited]);
        }
        if (!numbers.includes(shown)) numbers.push(shown);
      }
      return numbers.map((shown) => `[${shown}]`).join('');
    });
  return { rewrite, cited };
}

/**
 * The whole text with its `[n]` markers (n into `sources`, 1-based) renumbered by first use, and the sources it
 * cites in that order (`cited[i]` is shown as `[i + 1]`).
 */
export function renumberCitations<S>(text: string, sources: readonly S[]): { text: string; cited: S[] } {
  const numbering = citationNumbering(sources);
  return { text: numbering.rewrite(text), cited: numbering.cited };
}

export interface CitationRenumberer<S> {
  /** The text to show for this chunk (markers renumbered, unknown ones dropped, a marker cut at its end held back). */
  push(text: string): string;
  /** The rest held back at the end. */
  end(): string;
  /** The sources cited so far, in order of first use. */
  readonly cited: S[];
}

/**
 * renumberCitations for a streamed text: each chunk as it arrives, `onNewCitation` called with the sources cited so
 * far when a source is cited for the first time.
 */
export function createCitationRenumberer<S>(
  sources: readonly S[],
  onNewCitation?: (cited: S[]) => void,
): CitationRenumberer<S> {
  const numbering = citationNumbering(sources, onNewCitation);
  let pending = '';
  return {
    push(text) {
      pending += text;
      const partial = PARTIAL_MARKER.exec(pending);
      const cut = partial ? partial.index : pending.length;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return numbering.rewrite(ready);
    },
    end() {
      const rest = numbering.rewrite(pending);
      pending = '';
      return rest;
    },
    get cited() {
      return numbering.cited;
    },
  };
}
