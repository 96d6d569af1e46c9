// HTTP edges of the prompt library (docs/product-rules.md#prompt-library), mounted from their contracts definitions:
// list, save (201), edit and delete a member's prompts. Every id names one of the caller's own; anyone else's
// answers 404 like an unknown one.
import { CHAT_PROMPT_ENDPOINTS, type ChatPrompt } from '@act/contracts';
import { MEMBER_DATA_CACHE, Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import type { PromptRow, PromptsStore } from '../db/prompts-store';

export interface PromptsRoutesDeps {
  verifier: JwtVerifier;
  prompts: PromptsStore;
}

function presentPrompt(row: PromptRow): ChatPrompt {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function createPromptsRouter({ verifier, prompts }: PromptsRoutesDeps): Router {
  const router = new Router();
  const E = CHAT_PROMPT_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.list, options, async (_input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { prompts: (await prompts.list(caller.userId)).map(presentPrompt) };
  });
  mountEndpoint(router, E.create, options, async (input, { caller, ctx }) => {
    const row = await prompts.create(caller.userId, input);
    ctx.status = 201;
    return { prompt: presentPrompt(row) };
  });
  mountEndpoint(router, E.update, options, async (input, { caller, params }) => ({
    prompt: presentPrompt(await prompts.update(caller.userId, params.id, input)),
  }));
  mountEndpoint(router, E.delete, options, async (_input, { caller, params }) => {
    await prompts.delete(caller.userId, params.id);
    return {};
  });
  return router;
}
