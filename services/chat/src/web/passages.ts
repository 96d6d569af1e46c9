// A page's readable text cut into passages (paragraph-sized pieces a citation can point at). Their BM25 ranking against
// a question is the kit's (passage-ranking.ts, shared with the YouTube questions): the web chat picks what the model
// reads with it, and the local answerer (no provider key) answers with the best of them.

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
