// A Deep Search reply's one column (docs/architecture.md#deep-search): the research first (its steps sent as
// `step` events), then the report streamed like any chat answer with its `[n]` markers renumbered by first use, then
// the list of the pages read appended. Never throws: no page read fails the column (free), a stop stops it.
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS, UI_TEXTS, type Citation } from '@act/contracts';
import type { ColumnRun, ColumnState } from '../domain/reply-columns';
import { runColumn } from '../domain/reply-columns';
import type { EarlierReport } from './follow-up';
import { NoSourcesError, research, type DeepSearchDeps } from './research';

/** `[text](url)` safe for Markdown: brackets in a title cannot end the link early. */
function markdownLink(citation: Citation): string {
  const title = (citation.title || citation.url).replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
  return `[${title}](<${citation.url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

/** The short list of pages read, appended to the report (and so to its copy and its Markdown download). */
export function sourcesReadMarkdown(read: readonly Citation[]): string {
  const lines = read.map((citation, index) => `${index + 1}. ${markdownLink(citation)}`);
  return `\n\n---\n\n**${DEEP_SEARCH_TEXTS.sourcesRead}**\n\n${lines.join('\n')}\n`;
}

export async function runReport(
  column: ColumnState,
  question: string,
  run: ColumnRun,
  deps: DeepSearchDeps,
  earlier: readonly EarlierReport[] = [],
): Promise<void> {
  const { signal, provider, generation } = run;
  const log = () => run.log();
  const step: Parameters<typeof research>[2]['step'] = (event) => generation.emit({ type: 'step', ...event });
  try {
    if (!provider) throw new Error('no provider');
    const found = await research(question, deps, { signal, provider, step, log }, earlier);
    column.messages = found.messages;
    column.sources = found.sources;
    column.sourcesRead = found.sources;
  } catch (error) {
    if (signal.aborted) {
      column.status = 'stopped';
      if (signal.reason === 'timeout' || signal.reason === 'shutdown')
        column.error = UI_TEXTS.chat.stoppedAtTimeLimit;
      return;
    }
    column.status = 'failed';
    column.error = error instanceof NoSourcesError ? DEEP_SEARCH_TEXTS.noSources : DEEP_SEARCH_TEXTS.failed;
    if (!(error instanceof NoSourcesError)) log().warn({ err: error }, 'deep search research failed');
    return;
  }
  generation.emit({ type: 'step', step: 'writing' });
  await runColumn(column, run);
  if (column.status !== 'done') {
    // The report's own words: a failed write is the tool's failure, said plainly.
    if (column.status === 'failed' && column.error === ERROR_TEXTS.chat.sendMessageDot)
      column.error = DEEP_SEARCH_TEXTS.failed;
    return;
  }
  const list = sourcesReadMarkdown(column.sourcesRead ?? []);
  column.content += list;
  column.dirty = true;
  generation.emit({ type: 'delta', text: list });
}
