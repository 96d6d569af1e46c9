// The four prompt tools as charged operations: reserve credits, run the provider, commit on success or release on any
// failure. A provider failure reaches the user as the spec's text for that tool and costs nothing.
import { ERROR_TEXTS, type ToolId } from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isAppError,
  payerOf,
  runChargedTool,
  type Caller,
  type ChargedCall,
  type CreditsClient,
  type Logger,
} from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import type { DescribeImageInput, PromptProvider, VideoPromptInput, WorkOrigin } from '../providers/types';

export interface ToolOutcome {
  text: string;
  /** Balance after the charge; null for guests. */
  remainingCredits: number | null;
}

export interface PromptToolsDeps {
  credits: CreditsClient;
  provider: PromptProvider;
  logger: Logger;
}

export interface PromptTools {
  // Each takes the handler's call whole (the kit's Caller, the request's id and signal): see ChargedCall.
  imageToPrompt(call: ChargedCall, image: ImageInput): Promise<ToolOutcome>;
  enhancePrompt(call: ChargedCall, text: string): Promise<ToolOutcome>;
  describeImage(call: ChargedCall, input: DescribeImageInput): Promise<ToolOutcome>;
  videoPrompt(call: ChargedCall, input: VideoPromptInput): Promise<ToolOutcome>;
}

/**
 * The text shown when the provider fails, per tool (docs/product-rules.md#errors, the "Please try again" variants: a
 * retry is free).
 */
const FAILURE_TEXT = {
  'image-to-prompt': ERROR_TEXTS.ui.generatePromptRetry,
  'magic-enhance': ERROR_TEXTS.ui.enhancePromptRetry,
  'ai-describe-image': ERROR_TEXTS.ui.generateDescriptionRetry,
  'image-to-video-prompt': ERROR_TEXTS.ui.generateVideoPromptRetry,
} as const satisfies Partial<Record<ToolId, string>>;

type PromptToolId = keyof typeof FAILURE_TEXT;

/** One key per member or guest IP, so the local workers are shared fairly between people. */
function callerKeyOf(caller: Caller): string {
  return caller.userId ? `user:${caller.userId}` : `guest:${caller.guestIp ?? 'unknown'}`;
}

export function createPromptTools({ credits, provider, logger }: PromptToolsDeps): PromptTools {
  async function run(
    tool: PromptToolId,
    call: ChargedCall,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    const callerKey = callerKeyOf(call.caller);
    const { result, remainingCredits } = await runChargedTool(
      credits,
      { tool, ...payerOf(call) },
      async (signal) => {
        try {
          return await work({ callerKey, signal });
        } catch (error) {
          // A stop (the client hung up) is not a provider failure; run() releases the hold for it.
          if (isAppError(error) || signal.aborted) throw error;
          logger.warn({ err: error, tool, provider: provider.name }, 'provider failed; hold released');
          throw new AppError(ErrorCode.PROVIDER_FAILED, FAILURE_TEXT[tool], { cause: error });
        }
      },
      call.signal ? { signal: call.signal } : {},
    );
    return { text: result, remainingCredits };
  }

  /** Image tools: a provider that cannot take the work now says so before anything is reserved. */
  async function runImageWork(
    tool: PromptToolId,
    call: ChargedCall,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    provider.admit({ callerKey: callerKeyOf(call.caller) });
    return run(tool, call, work);
  }

  return {
    imageToPrompt: (call, image) =>
      runImageWork('image-to-prompt', call, (origin) => provider.imageToPrompt(image, origin)),
    enhancePrompt: (call, text) =>
      run('magic-enhance', call, (origin) => provider.enhancePrompt(text, origin)),
    describeImage: (call, input) =>
      runImageWork('ai-describe-image', call, (origin) => provider.describeImage(input, origin)),
    videoPrompt: (call, input) =>
      runImageWork('image-to-video-prompt', call, (origin) => provider.videoPrompt(input, origin)),
  };
}
