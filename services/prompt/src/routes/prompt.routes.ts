// HTTP edges of the four prompt tools (spec §7): guest-or-member auth, body validation, image checks, then the
// charged tool; replies `{success:true, prompt|description, remainingCredits}`.
import type { Context } from 'koa';
import {
  API_ROUTES,
  GenerateAiDescriptionRequestSchema,
  GenerateImagePromptRequestSchema,
  GenerateTextPromptRequestSchema,
  GenerateVideoPromptRequestSchema,
  type DescriptionReply,
  type PromptReply,
} from '@act/contracts';
import {
  Router,
  clientIp,
  inputOf,
  optionalUser,
  requestSignal,
  userOf,
  validate,
  type JwtVerifier,
} from '@act/service-kit';
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
  const R = API_ROUTES.prompt;

  router.post(
    R.generateImagePrompt,
    optionalUser(verifier),
    validate(GenerateImagePromptRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, GenerateImagePromptRequestSchema);
      const image = await readImageDataUrl(input.image);
      const { text, remainingCredits } = await tools.imageToPrompt(callerOf(ctx), image);
      ctx.body = { success: true, prompt: text, remainingCredits } satisfies PromptReply;
    },
  );

  router.post(
    R.generateTextPrompt,
    optionalUser(verifier),
    validate(GenerateTextPromptRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, GenerateTextPromptRequestSchema);
      const { text, remainingCredits } = await tools.enhancePrompt(callerOf(ctx), input.text);
      ctx.body = { success: true, prompt: text, remainingCredits } satisfies PromptReply;
    },
  );

  router.post(
    R.generateAiDescription,
    optionalUser(verifier),
    validate(GenerateAiDescriptionRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, GenerateAiDescriptionRequestSchema);
      const image = await readImageDataUrl(input.image);
      const { text, remainingCredits } = await tools.describeImage(callerOf(ctx), {
        image,
        language: input.language,
        tasks: input.analysisTasks,
      });
      ctx.body = { success: true, description: text, remainingCredits } satisfies DescriptionReply;
    },
  );

  router.post(
    R.generateVideoPrompt,
    optionalUser(verifier),
    validate(GenerateVideoPromptRequestSchema),
    async (ctx) => {
      const input = inputOf(ctx, GenerateVideoPromptRequestSchema);
      const image = await readImageDataUrl(input.image);
      const { text, remainingCredits } = await tools.videoPrompt(callerOf(ctx), {
        image,
        language: input.language,
        cameraMotion: input.cameraMotion,
        videoStyle: input.videoStyle,
        actionDescription: input.actionDescription,
      });
      ctx.body = { success: true, prompt: text, remainingCredits } satisfies PromptReply;
    },
  );

  return router;
}
