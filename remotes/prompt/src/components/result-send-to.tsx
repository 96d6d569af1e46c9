// A prompt tool's result area's Send to (docs/product-rules.md#send-to): the stored result's id is its library item,
// so a fresh run's `resultId` (members only) or the reopened result's id opens Text to Image with it as the prompt.
import type { PromptResultTool } from '@act/contracts';
import { SendToMenu, type ToolHost } from '@act/host-sdk';

export function ResultSendTo({
  host,
  tool,
  id,
}: {
  host: ToolHost;
  tool: PromptResultTool;
  id: string | undefined;
}) {
  if (!id || !host.user) return null;
  return <SendToMenu itemId={id} kind="prompt" fromTool={tool} navigate={host.navigate} />;
}
