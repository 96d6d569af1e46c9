// HTTP edges of the four prompt tools (docs/product-rules.md#endpoints), mounted from their contracts definitions
// (guest-or-member access, image body limit, validation): image checks, then the charged tool; replies `{success,
// prompt|description, remainingCredits}`.
import type { Context } from 'koa';
import { PROMPT_ENDPOINTS } from '@act/contracts';
import { Router, clientIp, mountEndpoint, requestSignal, userOf, type JwtVerifier } from '@act/service-kit';
import { readImageDataUrl } from '@act/service-kit/media';
import type { Caller, PromptTools } from '../domain/prompt-tools';

export interface PromptRoutesDeps {
  verifier: JwtVerifier;
  tools: PromptTools;
}

/**
 * A member when a valid token came with the request; otherwise a guest known only by the gateway's x-client-ip.
 * The request's signal goes with it: a client that hangs up before its reply stops the work and is not charged.
 */
function callerOf(ctx: Context): Caller {
  const user = userOf(ctx);
  const signal = requestSignal(ctx);
  return user ? { userId: user.userId, signal } : { guestIp: clientIp(ctx), signal };
}

export function createPromptRouter({ verifier, tools }: PromptRoutesDeps): Router {
  const router = new Router();
  const E = PROMPT_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.generateImagePrompt, options, async (input, ctx) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.imageToPrompt(callerOf(ctx), image);
    return { prompt: text, remainingCredits };
  });

  mountEndpoint(router, E.generateTextPrompt, options, async (input, ctx) => {
    const { text, remainingCredits } = await tools.enhancePrompt(callerOf(ctx), input.text);
    return { prompt: text, remainingCredits };
  });

  mountEndpoint(router, E.generateAiDescription, options, async (input, ctx) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.describeImage(callerOf(ctx), {
      image,
      language: input.language,
      tasks: input.analysisTasks,
    });
    return { description: text, remainingCredits };
  });

  mountEndpoint(router, E.generateVideoPrompt, options, async (input, ctx) => {
    const image = await readImageDataUrl(input.image);
    const { text, remainingCredits } = await tools.videoPrompt(callerOf(ctx), {
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
