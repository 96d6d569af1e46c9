// Deep Search follow-ups (docs/product-rules.md#deep-search, issue 38 part 5): a new question in a report's session
// is researched again and written from the new pages plus the earlier reports and their sources. The earlier reports
// reach the model as the conversation before the question, their `[n]` markers renumbered to the one list of
// sources the new report cites from (new pages first, then the earlier sources not read again).
import { DEEP_SEARCH_TEXTS, type Citation } from '@act/contracts';
import type { ShownMessageRow } from '../db/chat-rows';
import type { ProviderMessage } from '../providers/types';

/** One delivered report of the session: the member's question, the report's text and the sources it cites. */
export interface EarlierReport {
  question: string;
  report: string;
  sources: Citation[];
}

/** Earlier reports the model reads (the latest), and how much of each: the new pages keep most of the context. */
export const EARLIER_REPORTS_MAX = 3;
export const EARLIER_REPORT_CHARS = 8_000;

/** The appended list of pages read is not part of what the model wrote: cut before the model reads it again. */
function withoutSourcesList(report: string): string {
  const at = report.indexOf(`\n\n---\n\n**${DEEP_SEARCH_TEXTS.sourcesRead}**`);
  return at === -1 ? report : report.slice(0, at);
}

/**
 * The delivered reports of the branch shown, oldest first, each with its question: a failed or stopped report
 * delivered nothing and is left out (its question with it).
 */
export function earlierReportsOf(rows: readonly ShownMessageRow[]): EarlierReport[] {
  const reports: EarlierReport[] = [];
  rows.forEach((row, index) => {
    const answer = rows[index + 1];
    if (row.role !== 'user' || answer?.role !== 'assistant' || answer.status !== 'completed') return;
    reports.push({
      question: row.content,
      report: withoutSourcesList(answer.content),
      sources: answer.citations ?? [],
    });
  });
  return reports.slice(-EARLIER_REPORTS_MAX);
}

/** The address a page is known by: without its fragment. */
const pageKey = (url: string) => url.split('#')[0]!;

/**
 * The sources of a follow-up: the pages read now, then each earlier report's sources not read again (an earlier
 * source's number in the combined list is what its report's markers are rewritten to).
 */
export function combineSources(read: readonly Citation[], earlier: readonly EarlierReport[]) {
  const sources = [...read];
  const numberOf = new Map(sources.map((source, index) => [pageKey(source.url), index + 1]));
  const renumbered = earlier.map((report) => {
    const numbers = report.sources.map((source) => {
      const key = pageKey(source.url);
      if (!numberOf.has(key)) {
        sources.push(source);
        numberOf.set(key, sources.length);
      }
      return numberOf.get(key)!;
    });
    const text = report.report
      .slice(0, EARLIER_REPORT_CHARS)
      .replace(/\[(\d{1,3})\]/g, (marker, n: string) => {
        const number = numbers[Number(n) - 1];
        return number === undefined ? '' : `[${number}]`;
      });
    return { question: report.question, text };
  });
  return { sources, renumbered };
}

/** The earlier sources' blocks in the prompt: what their reports quoted of them (no page is fetched again). */
export function earlierSourceBlock(source: Citation, number: number): string {
  const quote = source.quote ? `\n\n${source.quote}` : '';
  return `[${number}] ${source.title ?? source.url} (${source.url})${quote}`;
}

export const FOLLOW_UP_PROMPT =
  'This is a follow-up question in the same research session: the earlier questions and your earlier reports come ' +
  'before it. Answer the follow-up with a new report, building on the earlier reports where they help, and cite ' +
  'with the source numbers below (the earlier reports already use them).';

export const FOLLOW_UP_PLAN =
  'This is a follow-up to earlier research (the earlier questions come first): plan searches for what the ' +
  'follow-up needs that the earlier research did not already cover.';

/** The conversation before the follow-up: each earlier question and its report, renumbered. */
export function earlierConversation(renumbered: ReadonlyArray<{ question: string; text: string }>) {
  return renumbered.flatMap((turn): ProviderMessage[] => [
    { role: 'user', content: turn.question },
    { role: 'assistant', content: turn.text },
  ]);
}
