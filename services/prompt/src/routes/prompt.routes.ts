// HTTP edges of the four prompt tools (docs/product-rules.md#endpoints), mounted from their contracts definitions
// (guest-or-member access, image body limit, validation): image checks, then the charged tool; replies `{success,
// prompt|description, remainingCredits}`.
import { PROMPT_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import { readImageDataUrl } from '@act/service-kit/media';
import type { PromptTools } from '../domain/prompt-tools';

export interface PromptRoutesDeps {
  verifier: JwtVerifier;
  tools: PromptTools;
}

export function createPromptRouter({ verifier, tools }: PromptRoutesDeps): Router {
  const router = new Router();
  const E = PROMPT_ENDPOINTS;
  const options = { verifier };

  // Each tool gets the call whole: the caller, the request's signal (a client that hangs up before its reply stops
  // the work, which is then not charged) and its id, which the charge sends to credits.
  mountEndpoint(router, E.generateImagePrompt, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.imageToPrompt(call, image);
    return { prompt: text, remainingCredits };
  });

  mountEndpoint(router, E.generateTextPrompt, options, async (input, call) => {
    const { text, remainingCredits } = await tools.enhancePrompt(call, input.text);
    return { prompt: text, remainingCredits };
  });

  mountEndpoint(router, E.generateAiDescription, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.describeImage(call, {
      image,
      language: input.language,
      tasks: input.analysisTasks,
    });
    return { description: text, remainingCredits };
  });

  mountEndpoint(router, E.generateVideoPrompt, options, async (input, call) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.videoPrompt(call, {
      image,
      language: input.language,
      cameraMotion: input.cameraMotion,
      videoStyle: input.videoStyle,
      actionDescription: input.actionDescription,
    });
    return { prompt: text, remainingCredits };
  });

  return router;
}
