// Numbered sources of a web chat answer. The model reads the page's passages numbered [1]…[K] (in the order it got
// them) and cites them as [n]; the member sees sources numbered by first use (the kit's createCitationRenumberer
// rewrites the markers as the answer streams). This builds each source's link: the page with a `#:~:text=` fragment
// that scrolls to and highlights the passage in browsers that support text fragments.
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
