// Fusing a playground turn (docs/product-rules.md#fuse): one chosen model merges the four answers into one, then
// lists what it took from each under a last heading. The service asks for that heading (FUSE_TAKEN_FROM_HEADING) and
// the screen splits the fused answer at it (splitFusedAnswer), streaming or stored alike.

/** The heading the fused answer ends with, followed by one `- <model name>: <what was taken>` line per model. */
export const FUSE_TAKEN_FROM_HEADING = 'Taken from';

export interface FusedPart {
  /** The model's name as the fusing model wrote it. */
  model: string;
  /** What was taken from its answer. */
  parts: string;
}

export interface FusedAnswer {
  /** The merged answer, without the trailer. */
  answer: string;
  /** What was taken from each answer; empty when the model wrote no trailer (or it has not arrived yet). */
  takenFrom: FusedPart[];
}

const HEADING = new RegExp(
  `^[ \\t]*(?:#{1,6}[ \\t]*)?\\**${FUSE_TAKEN_FROM_HEADING}\\**:?\\**[ \\t]*$`,
  'gim',
);
const PART = /^[ \t]*(?:[-*•]|\d+[.)])?[ \t]*\**([^:*—–\n]+?)\**[ \t]*(?::|—|–| - )[ \t]*(.+)$/;

/** The fused answer split at its last "Taken from" heading into the answer and the parts taken from each model. */
export function splitFusedAnswer(text: string): FusedAnswer {
  let at = -1;
  let end = -1;
  for (const match of text.matchAll(HEADING)) {
    at = match.index;
    end = match.index + match[0].length;
  }
  if (at < 0) return { answer: text.trim(), takenFrom: [] };
  const takenFrom: FusedPart[] = [];
  for (const line of text.slice(end).split('\n')) {
    const part = PART.exec(line);
    if (part?.[1] && part[2]) takenFrom.push({ model: part[1].trim(), parts: part[2].trim() });
  }
  return { answer: text.slice(0, at).trim(), takenFrom };
}
