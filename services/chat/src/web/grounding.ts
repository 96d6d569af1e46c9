// What a web chat answer is made from. With a model: the page's passages most related to the question (numbered,
// cut to fit the model's share of context) in a system message that asks for answers from the page only, with [n]
// citations. Without a provider key: the local extractive answer, the best-matching passages quoted as they are and
// cited; the reply says it was made locally (the `local` flag, shown in the contracts' words).
import { LIMITS, type Citation } from '@act/contracts';
import type { ProviderMessage } from '../providers/types';
import { passageCitation } from './citations';
import { rankPassages, selectPassages } from '@act/service-kit';

export interface StoredPage {
  url: string;
  title: string;
  passages: string[];
}

/** The opening request of a web chat (the member's INITIAL_SETUP): a short summary of the page. */
export const START_QUESTION =
  'Summarise this page in a few sentences, then list its main points. Cite the passages you use.';

export interface GroundedPrompt {
  /** The system message with the numbered passages. */
  system: ProviderMessage;
  /** `[n]` in the answer points at sources[n-1]. */
  sources: Citation[];
}

export function groundedPrompt(
  page: StoredPage,
  question: string,
  maxChars = LIMITS.modelDocumentChars,
): GroundedPrompt {
  const chosen = selectPassages(page.passages, question, maxChars);
  const numbered = chosen.map((index, n) => `[${n + 1}] ${page.passages[index]}`).join('\n\n');
  const system =
    `You answer questions about one web page, "${page.title}" (${page.url}), using only the passages below ` +
    '(the parts of the page most related to the question come first). Cite every passage you use with its number ' +
    'in square brackets, like [2], right after the sentence it supports. If the page does not answer the question, ' +
    'say so plainly instead of guessing. Answer in the language of the question, in Markdown.\n\n' +
    `Passages of the page:\n\n${numbered}`;
  return {
    system: { role: 'system', content: system },
    sources: chosen.map((index) => passageCitation(page, page.passages[index]!)),
  };
}

/** How many passages the local answer quotes, and how close to the best one's score the others must be. */
const LOCAL_PASSAGES = 3;
const LOCAL_MIN_SHARE = 0.5;

export interface LocalAnswer {
  text: string;
  citations: Citation[];
}

/**
 * The local extractive answer: the passages that best match the question by BM25, best first, quoted and cited;
 * on start (or when nothing matches) the page's opening passages.
 */
export function localAnswer(page: StoredPage, question: string | undefined): LocalAnswer {
  // The best matches first; a passage far weaker than the best one (a single shared word) is left out.
  const ranked = question ? rankPassages(page.passages, question) : [];
  const best = ranked[0]?.score ?? 0;
  let picked = ranked
    .filter((passage) => passage.score >= best * LOCAL_MIN_SHARE)
    .slice(0, LOCAL_PASSAGES)
    .map((passage) => passage.index);
  const intro = picked.length === 0;
  if (intro) picked = page.passages.slice(0, LOCAL_PASSAGES).map((_, index) => index);
  const citations = picked.map((index) => passageCitation(page, page.passages[index]!));
  const lead = question
    ? intro
      ? 'No passage of the page matches your question. This is how the page begins:'
      : 'The passages of the page that best match your question:'
    : `**${page.title}**: how the page begins:`;
  const quotes = picked.map((index, n) => `> ${page.passages[index]} [${n + 1}]`).join('\n\n');
  return { text: `${lead}\n\n${quotes}`, citations };
}
