// Some reasoning models write their reasoning inside the answer, between <think> and </think>. This splits streamed
// content into reasoning and answer text as it arrives, holding back only what could be the start of a tag cut
// between two chunks, so the answer never shows a tag and the reasoning stays apart (shown collapsed).

const OPEN = '<think>';
const CLOSE = '</think>';

export interface ThinkSplitter {
  push(content: string): void;
  /** The stream ended: whatever was held back is plain text of the current part. */
  end(): void;
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

export function createThinkSplitter(out: {
  text(text: string): void;
  reasoning(text: string): void;
}): ThinkSplitter {
  let inThink = false;
  let pending = '';
  let answerStarted = false;

  const emit = (part: string) => {
    if (part === '') return;
    if (inThink) {
      out.reasoning(part);
      return;
    }
    // The blank lines a model puts after </think> are not the answer's start.
    const text = answerStarted ? part : part.replace(/^\s+/, '');
    if (text === '') return;
    answerStarted = true;
    out.text(text);
  };

  return {
    push(content) {
      pending += content;
      for (;;) {
        const tag = inThink ? CLOSE : OPEN;
        const at = pending.indexOf(tag);
        if (at >= 0) {
          emit(pending.slice(0, at));
          pending = pending.slice(at + tag.length);
          inThink = !inThink;
          continue;
        }
        const keep = partialTagLength(pending, tag);
        emit(pending.slice(0, pending.length - keep));
        pending = pending.slice(pending.length - keep);
        return;
      }
    },
    end() {
      emit(pending);
      pending = '';
    },
  };
}
