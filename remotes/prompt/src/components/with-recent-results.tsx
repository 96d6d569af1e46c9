// A prompt tool page with its recent results below it (docs/product-rules.md#prompt-results). The list reloads after
// each charged run (the page reports its new balance through the host); opening a stored result (from the list or
// `?open=<id>`) shows it in the page's own result area: the page starts afresh with it.
import { useMemo, type ComponentType } from 'react';
import type { PromptResult, PromptResultTool } from '@act/contracts';
import type { ToolHost, ToolPageProps } from '@act/host-sdk';
import { RecentResults } from './recent-results';
import { useRecentResults } from './use-recent-results';

/** A prompt tool page: its host, and the stored result to show in its result area until it runs again. */
export type PromptToolPageProps = ToolPageProps & { shown?: PromptResult | null };

export function withRecentResults(
  Page: ComponentType<PromptToolPageProps>,
  tool: PromptResultTool,
): ComponentType<ToolPageProps> {
  function PageWithRecentResults({ host }: ToolPageProps) {
    const recent = useRecentResults(host, tool);
    const { refresh } = recent;
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
        <Page key={recent.opened?.id ?? 'new'} host={watchedHost} shown={recent.opened} />
        {host.user && <RecentResults state={recent} navigate={host.navigate} />}
      </>
    );
  }
  PageWithRecentResults.displayName = `WithRecentResults(${Page.displayName ?? Page.name})`;
  return PageWithRecentResults;
}
