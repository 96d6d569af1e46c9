// BM25 ranking of text passages against a question, and the choice of what a model reads with it: the web chat ranks
// a page's passages, the YouTube questions a transcript's. Word matching only (lower-cased, accents folded, common
// words left out, a light English suffix strip): no model, so it works offline and costs nothing.

const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have how i in is it its of on or that the this to was were what ' +
    'when where which who why will with you your does do did can about into than then them they there these those ' +
    'tell me please page article text'
  ).split(' '),
);

export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((token) => !STOP_WORDS.has(token))
    .map((token) => (token.length > 4 ? token.replace(/(ing|ed|es|s)$/u, '') : token));
}

export interface RankedPassage {
  /** Index in the passages ranked. */
  index: number;
  score: number;
}

/** Okapi BM25 (k1 = 1.2, b = 0.75) of every passage against the query, best first; passages scoring 0 are left out. */
export function rankPassages(passages: readonly string[], query: string): RankedPassage[] {
  const terms = [...new Set(tokenize(query))];
  if (terms.length === 0 || passages.length === 0) return [];
  const docs = passages.map((passage) => tokenize(passage));
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length || 1;
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) {
    for (const term of new Set(doc)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const k1 = 1.2;
  const b = 0.75;
  const ranked: RankedPassage[] = [];
  docs.forEach((doc, index) => {
    const counts = new Map<string, number>();
    for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const frequency = counts.get(term);
      if (!frequency) continue;
      const n = documentFrequency.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * doc.length) / averageLength));
    }
    if (score > 0) ranked.push({ index, score });
  });
  return ranked.sort((x, y) => y.score - x.score || x.index - y.index);
}

/**
 * The passages a model reads with a question, most related first, as many as fit in `maxChars`: the ranked ones,
 * then (room left) the opening passages, so a general question still sees the start of the text.
 */
export function selectPassages(passages: readonly string[], query: string, maxChars: number): number[] {
  const chosen: number[] = [];
  const taken = new Set<number>();
  let used = 0;
  const take = (index: number) => {
    if (taken.has(index)) return true;
    const length = passages[index]!.length + 8;
    if (used + length > maxChars) return false;
    used += length;
    taken.add(index);
    chosen.push(index);
    return true;
  };
  for (const { index } of rankPassages(passages, query)) take(index);
  for (let index = 0; index < passages.length; index += 1) if (!take(index) && used > maxChars * 0.95) break;
  return chosen;
}
