// Whether the member can pay for one run of a tool, as the run button's 'Insufficient Credits' state needs it.
import { toolCost, type ToolId } from '@act/contracts';
import type { ToolHost } from '../tool-host';

/** A member needs the tool's cost in credits; a guest (no user) may try once and the server decides. */
export function canAfford(host: Pick<ToolHost, 'user' | 'credits'>, tool: ToolId): boolean {
  return host.user === null || host.credits >= toolCost(tool);
}
