// The four prompt tools as charged operations: reserve credits, run the provider, commit on success or release on any
// failure. A provider failure reaches the user as the spec's text for that tool and costs nothing. A member's result
// is stored, with its library event, in the transaction that commits the charge (docs/product-rules.md#prompt-results),
// so a released charge stores nothing; a guest's is not stored.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, type ToolId } from '@act/contracts';
import {
  AppError,
  ErrorCode,
  isAppError,
  payerOf,
  reserveCharge,
  type Caller,
  type ChargedCall,
  type CreationAnnouncer,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ResultStore } from '../db/result-store';
import { inputSummary, resultCreation } from './prompt-results';
import type { ImageInput } from '@act/service-kit/media';
import type { DescribeImageInput, PromptProvider, VideoPromptInput, WorkOrigin } from '../providers/types';

export interface ToolOutcome {
  text: string;
  /** Balance after the charge; null for guests. */
  remainingCredits: number | null;
  /** The stored result's id; absent for guests. */
  resultId?: string;
}

/** Where members' results are kept, and the outbox their charge commit and library event go through. */
export interface ResultKeeping {
  store: ResultStore;
  outbox: Outbox;
  creations: CreationAnnouncer;
}

export interface PromptToolsDeps {
  credits: CreditsClient;
  provider: PromptProvider;
  logger: Logger;
  results: ResultKeeping;
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

export function createPromptTools({ credits, provider, logger, results }: PromptToolsDeps): PromptTools {
  async function run(
    tool: PromptToolId,
    call: ChargedCall,
    input: string,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    const callerKey = callerKeyOf(call.caller);
    const userId = call.caller.userId;
    const charge = await reserveCharge(credits, { tool, ...payerOf(call) });
    let resultId: string | undefined;
    const text = await charge.run(
      async (signal) => {
        let made: string;
        try {
          made = await work({ callerKey, signal });
        } catch (error) {
          // A stop (the client hung up) is not a provider failure; run() releases the hold for it.
          if (isAppError(error) || signal.aborted) throw error;
          logger.warn({ err: error, tool, provider: provider.name }, 'provider failed; hold released');
          throw new AppError(ErrorCode.PROVIDER_FAILED, FAILURE_TEXT[tool], { cause: error });
        }
        // Guests' results are not kept; run() commits their charge.
        if (!userId) return made;
        // A member who left before the answer pays nothing, so nothing is stored either.
        if (signal.aborted) throw signal.reason;
        const record = { id: randomUUID(), user_id: userId, tool, input, result: made };
        const { outbox, creations } = results;
        await results.store.storeWithCommit(record, { charge, outbox, creations }, resultCreation);
        resultId = record.id;
        return made;
      },
      call.signal ? { signal: call.signal } : {},
    );
    return { text, remainingCredits: charge.remainingCredits, ...(resultId ? { resultId } : {}) };
  }

  /** Image tools: a provider that cannot take the work now says so before anything is reserved. */
  async function runImageWork(
    tool: PromptToolId,
    call: ChargedCall,
    work: (origin: WorkOrigin) => Promise<string>,
  ): Promise<ToolOutcome> {
    provider.admit({ callerKey: callerKeyOf(call.caller) });
    return run(tool, call, inputSummary('image'), work);
  }

  return {
    imageToPrompt: (call, image) =>
      runImageWork('image-to-prompt', call, (origin) => provider.imageToPrompt(image, origin)),
    enhancePrompt: (call, text) =>
      run('magic-enhance', call, inputSummary({ text }), (origin) => provider.enhancePrompt(text, origin)),
    describeImage: (call, input) =>
      runImageWork('ai-describe-image', call, (origin) => provider.describeImage(input, origin)),
    videoPrompt: (call, input) =>
      runImageWork('image-to-video-prompt', call, (origin) => provider.videoPrompt(input, origin)),
  };
}
