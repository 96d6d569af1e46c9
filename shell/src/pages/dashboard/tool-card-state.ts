// The dashboard card rule (docs/product-rules.md#screens): usable when free or the balance covers the cost; the
// button reads 'Processing...' while the card's tool opens, 'Insufficient Credits' (disabled) when unaffordable, else
// 'Use Tool'.
import { UI_TEXTS, type Tool } from '@act/contracts';

export interface ToolCardState {
  usable: boolean;
  label: string;
}

export function toolCardState(tool: Pick<Tool, 'cost'>, credits: number, processing: boolean): ToolCardState {
  const usable = tool.cost === 0 || credits >= tool.cost;
  if (processing) return { usable, label: UI_TEXTS.dashboard.processing };
  return { usable, label: usable ? UI_TEXTS.dashboard.useTool : UI_TEXTS.dashboard.insufficientCredits };
}

/** Dashboard cards: every tool of the category except those reached through the image hub. */
export function dashboardTools<T extends Pick<Tool, 'dashboardVisible'>>(tools: readonly T[]): T[] {
  return tools.filter((tool) => tool.dashboardVisible);
}
