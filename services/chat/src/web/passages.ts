// A page's readable text cut into passages (paragraph-sized pieces a citation can point at), and BM25 ranking of
// those passages against a question: the web chat picks what the model reads with it, and the local answerer
// (no provider key) answers with the best of them.

/** Longest passage: long paragraphs are cut at sentence ends into pieces about this long. */
const PASSAGE_MAX_CHARS = 700;
/** Shorter paragraphs (headings, captions) are joined to the next one. */
const PASSAGE_MIN_CHARS = 40;

function sentencesOf(paragraph: string): string[] {
  return (
    paragraph
      .match(/[^.!?]+(?:[.!?]+["')\]]*\s*|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [paragraph]
  );
}

/** Passages of a text whose paragraphs are separated by blank lines (or single line breaks). */
export function splitPassages(text: string): string[] {
  const paragraphs = text
    .split(/\n\s*\n|\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
  const pieces: string[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length <= PASSAGE_MAX_CHARS) {
      pieces.push(paragraph);
      continue;
    }
    let current = '';
    for (const sentence of sentencesOf(paragraph)) {
      if (current && current.length + sentence.length + 1 > PASSAGE_MAX_CHARS) {
        pieces.push(current);
        current = '';
      }
      current = current ? `${current} ${sentence}` : sentence;
      while (current.length > PASSAGE_MAX_CHARS) {
        pieces.push(current.slice(0, PASSAGE_MAX_CHARS));
        current = current.slice(PASSAGE_MAX_CHARS);
      }
    }
    if (current) pieces.push(current);
  }
  const passages: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    const joined = pending ? `${pending} ${piece}` : piece;
    if (joined.length < PASSAGE_MIN_CHARS) {
      pending = joined;
      continue;
    }
    passages.push(joined);
    pending = '';
  }
  if (pending) {
    if (passages.length > 0 && passages[passages.length - 1]!.length + pending.length < PASSAGE_MAX_CHARS) {
      passages[passages.length - 1] = `${passages[passages.length - 1]} ${pending}`;
    } else passages.push(pending);
  }
  return passages;
}

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
  /** Index in the page's passages. */
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
 * then (room left) the page's opening passages, so a general question still sees the start of the page.
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
