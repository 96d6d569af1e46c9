// A prompt tool's result area (docs/product-rules.md#prompt-results): the fresh run's text, or the reopened stored
// result's (`?open=<id>`), with Copy and Send to. The stored result's id is its library item, so Send to opens Text to
// Image with it as the prompt (docs/product-rules.md#send-to): a fresh run's `resultId` (members only; a guest's run
// is not stored, so it has none) or the reopened result's id.
import type { ReactNode } from 'react';
import type { PromptResult, PromptResultTool } from '@act/contracts';
import { ResultPanel, SendToMenu, type ToolHost } from '@act/host-sdk';

export interface PromptResultPanelProps {
  host: ToolHost;
  tool: PromptResultTool;
  /** The run of this visit, once it answered: its text and, for a member, the stored result's id. */
  fresh: { text: string; resultId?: string | undefined } | null;
  /** The stored result reopened by `?open=<id>`, shown until a run answers. */
  shown: PromptResult | null | undefined;
  title: string;
  placeholder: string;
  loading: boolean;
  renderText?(text: string): ReactNode;
}

export function PromptResultPanel({ host, tool, fresh, shown, ...panel }: PromptResultPanelProps) {
  const id = fresh ? fresh.resultId : shown?.id;
  return (
    <ResultPanel
      {...panel}
      text={fresh?.text ?? shown?.text ?? null}
      actions={
        id && host.user ? (
          <SendToMenu itemId={id} kind="prompt" fromTool={tool} navigate={host.navigate} />
        ) : undefined
      }
    />
  );
}
