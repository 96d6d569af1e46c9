// The four prompt tools as charged operations: reserve credits, run the provider, commit on success or release on any
// failure. A provider failure reaches the user as the spec's text for that tool and costs nothing.
import { ERROR_TEXTS, type ApiKeyCharge, type ToolId } from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isAppError,
  runChargedTool,
  type CreditsClient,
  type Logger,
} from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import type { DescribeImageInput, PromptProvider, VideoPromptInput, WorkOrigin } from '../providers/types';

/** Who is calling: a member (userId) or a guest (the IP the gateway vouched for, possibly missing). */
export interface Caller {
  userId?: string;
  guestIp?: string;
  /** The request's signal (requestSignal): aborted when the client hangs up, which stops the work and its charge. */
  signal?: AbortSignal;
  /** The HTTP request's id (EndpointCall.requestId): the charge sends it to credits. */
  requestId?: string;
  /** The personal API key of the call, if any: the charge names it and credits holds it to its limit. */
  apiKey?: ApiKeyCharge | undefined;
}

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
  imageToPrompt(caller: Caller, image: ImageInput): Promise<ToolOutcome>;
  enhancePrompt(caller: Caller, text: string): Promise<ToolOutcome>;
  describeImage(caller: Caller, input: DescribeImageInput): Promise<ToolOutcome>;
  videoPrompt(caller: Caller, input: VideoPromptInput): Promise<ToolOutcome>;
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
    caller: Caller,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    const { result, remainingCredits } = await runChargedTool(
      credits,
      {
        tool,
        ...(caller.userId ? { userId: caller.userId } : { guestIp: caller.guestIp }),
        httpRequestId: caller.requestId,
        apiKey: caller.apiKey,
      },
      async (signal) => {
        try {
          return await work({ callerKey: callerKeyOf(caller), signal });
        } catch (error) {
          // A stop (the client hung up) is not a provider failure; run() releases the hold for it.
          if (isAppError(error) || signal.aborted) throw error;
          logger.warn({ err: error, tool, provider: provider.name }, 'provider failed; hold released');
          throw new AppError(ErrorCode.PROVIDER_FAILED, FAILURE_TEXT[tool], { cause: error });
        }
      },
      caller.signal ? { signal: caller.signal } : {},
    );
    return { text: result, remainingCredits };
  }

  /** Image tools: a provider that cannot take the work now says so before anything is reserved. */
  async function runImageWork(
    tool: PromptToolId,
    caller: Caller,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    provider.admit({ callerKey: callerKeyOf(caller) });
    return run(tool, caller, work);
  }

  return {
    imageToPrompt: (caller, image) =>
      runImageWork('image-to-prompt', caller, (origin) => provider.imageToPrompt(image, origin)),
    enhancePrompt: (caller, text) =>
      run('magic-enhance', caller, (origin) => provider.enhancePrompt(text, origin)),
    describeImage: (caller, input) =>
      runImageWork('ai-describe-image', caller, (origin) => provider.describeImage(input, origin)),
    videoPrompt: (caller, input) =>
      runImageWork('image-to-video-prompt', caller, (origin) => provider.videoPrompt(input, origin)),
  };
}
