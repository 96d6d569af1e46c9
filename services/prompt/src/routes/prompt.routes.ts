// HTTP edges of the four prompt tools (docs/product-rules.md#endpoints), mounted from their contracts definitions
// (guest-or-member access, image body limit, validation): image checks, then the charged tool; replies `{success,
// prompt|description, remainingCredits, resultId}`. And the member's stored results: list, reopen, delete
// (docs/product-rules.md#prompt-results).
import { PROMPT_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import { readImageDataUrl } from '@act/service-kit/media';
import type { PromptResults } from '../domain/prompt-results';
import type { PromptTools, ToolOutcome } from '../domain/prompt-tools';

export interface PromptRoutesDeps {
  verifier: JwtVerifier;
  tools: PromptTools;
  results: PromptResults;
}

/** The reply's balance and, for a member, the stored result's id. */
function outcomeFields({ remainingCredits, resultId }: ToolOutcome) {
  return { remainingCredits, ...(resultId ? { resultId } : {}) };
}

export function createPromptRouter({ verifier, tools, results }: PromptRoutesDeps): Router {
  const router = new Router();
  const E = PROMPT_ENDPOINTS;
  const options = { verifier };

  // Each tool gets the call whole: the caller, the request's signal (a client that hangs up before its reply stops
  // the work, which is then not charged) and its id, which the charge sends to credits.
  mountEndpoint(router, E.generateImagePrompt, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const outcome = await tools.imageToPrompt(call, image);
    return { prompt: outcome.text, ...outcomeFields(outcome) };
  });

  mountEndpoint(router, E.generateTextPrompt, options, async (input, call) => {
    const outcome = await tools.enhancePrompt(call, input.text);
    return { prompt: outcome.text, ...outcomeFields(outcome) };
  });

  mountEndpoint(router, E.generateAiDescription, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const outcome = await tools.describeImage(call, {
      image,
      language: input.language,
      tasks: input.analysisTasks,
    });
    return { description: outcome.text, ...outcomeFields(outcome) };
  });

  mountEndpoint(router, E.generateVideoPrompt, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const outcome = await tools.videoPrompt(call, {
      image,
      language: input.language,
      cameraMotion: input.cameraMotion,
      videoStyle: input.videoStyle,
      actionDescription: input.actionDescription,
    });
    return { prompt: outcome.text, ...outcomeFields(outcome) };
  });

  mountEndpoint(router, E.results, options, async (input, { caller }) => {
    const page = await results.list(caller.userId, input);
    return { results: page.items, nextCursor: page.nextCursor };
  });

  mountEndpoint(router, E.result, options, async (_input, { caller, params }) => ({
    result: await results.find(caller.userId, params.id),
  }));

  mountEndpoint(router, E.deleteResult, options, async (_input, { caller, params }) => {
    await results.remove(caller.userId, params.id);
    return {};
  });

  return router;
}
