// The member's stored prompt results (docs/product-rules.md#prompt-results) through the host's API client: one
// tool's newest, one reopened, one deleted.
import {
  PROMPT_ENDPOINTS,
  PROMPT_RESULTS_TEXTS,
  type PromptResult,
  type PromptResultTool,
} from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

const E = PROMPT_ENDPOINTS;

export async function listRecentResults(api: ApiClient, tool: PromptResultTool): Promise<PromptResult[]> {
  const reply = await api.call(E.results, { query: { tool, limit: PROMPT_RESULTS_TEXTS.shown } });
  return reply.results;
}

export async function getResult(api: ApiClient, id: string): Promise<PromptResult> {
  return (await api.call(E.result, { params: { id } })).result;
}

export async function deleteResult(api: ApiClient, id: string): Promise<void> {
  await api.call(E.deleteResult, { params: { id } });
}
