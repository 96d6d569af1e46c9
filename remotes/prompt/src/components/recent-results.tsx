// A prompt tool page's "Recent results" section (docs/product-rules.md#prompt-results): the member's newest results
// of this tool in host-sdk's one result list, each with Open, Copy, Send to (Text to Image) and Delete.
import { useMemo } from 'react';
import { PROMPT_RESULTS_TEXTS as T, type PromptResult } from '@act/contracts';
import { ResultHistory } from '@act/host-sdk';
import type { RecentResults as RecentResultsState } from './use-recent-results';

/** A stored result as the list shows it: listed under what it was made from, with its text. */
type Listed = PromptResult & { title: string };

export function RecentResults({
  state,
  navigate,
}: {
  state: RecentResultsState;
  navigate(path: string): void;
}) {
  const items = useMemo<Listed[]>(
    () => state.results.map((result) => ({ ...result, title: result.input })),
    [state.results],
  );
  return (
    <ResultHistory<Listed>
      texts={T}
      items={items}
      error={state.error}
      kind="prompt"
      tool={state.tool}
      navigate={navigate}
      onOpen={state.open}
      onDelete={state.remove}
    />
  );
}
