// The summarizer's "Past summaries" list (docs/product-rules.md#youtube-past-summaries): host-sdk's one result list,
// each video's title and date with Open (reopens it with its chapters and questions), Send to (Text to Speech, Chat
// Agent as context) and Delete after a confirmation; more on request.
import { PAST_SUMMARIES_TEXTS as T } from '@act/contracts';
import { ResultHistory } from '@act/host-sdk';
import type { PastSummaries } from './use-past-summaries';

export function PastSummariesList({
  state,
  navigate,
}: {
  state: PastSummaries;
  navigate(path: string): void;
}) {
  return (
    <ResultHistory
      texts={T}
      items={state.summaries}
      error={state.error}
      kind="summary"
      tool="youtube-summarizer"
      navigate={navigate}
      onOpen={(summary) => state.reopen(summary.id)}
      onDelete={state.remove}
      onLoadMore={state.nextCursor ? state.loadMore : undefined}
    />
  );
}
