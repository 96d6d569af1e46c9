// The summarizer page with the member's past summaries below it (docs/product-rules.md#youtube-past-summaries): the
// list reloads after each summary (the page reports its new balance through the host); a reopened one (from the
// list or `?open=<id>`) shows with its chapters and questions.
import { useMemo } from 'react';
import type { ToolHost, ToolPageProps } from '@act/host-sdk';
import { PastSummariesList } from '../components/past-summaries-list';
import { ReopenedSummary } from '../components/reopened-summary';
import { usePastSummaries } from '../components/use-past-summaries';
import { SummarizerPage } from './summarizer-page';

export function SummarizerWithHistory({ host }: ToolPageProps) {
  const past = usePastSummaries(host);
  const { refresh } = past;
  const watchedHost = useMemo<ToolHost>(
    () => ({
      ...host,
      onCreditsChange(remaining) {
        host.onCreditsChange(remaining);
        refresh();
      },
    }),
    [host, refresh],
  );
  return (
    <>
      <SummarizerPage host={watchedHost} />
      {past.opened && <ReopenedSummary host={host} session={past.opened} onClose={past.close} />}
      {host.user && <PastSummariesList state={past} navigate={host.navigate} />}
    </>
  );
}
