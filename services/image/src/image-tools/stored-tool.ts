// One charged run of a tool that stores a picture made from the member's (Upscale, Edit a region): everything that
// may refuse has happened before this is called; here the credits are held, the work runs under the time limit, and
// the result is stored with the charge's commit (effects/stored-result.ts). A failure or the time limit releases the
// hold with the tool's failure text. A run is not tied to the member's connection: closing the tab lets it finish
// into the hub gallery (and be charged once).
import {
  ERROR_TEXTS,
  ErrorCode,
  type GeneratedImageToolId,
  type PhotoEffectReply,
  type ApiKeyCharge,
} from '@act/contracts';
import { AppError, isAppError, reserveCharge, type CreditsClient, type InFlight } from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import type { EffectResult } from '../effects/local-effects';
import { resultReplyOf, storeResult, type StoreResultDeps } from '../effects/stored-result';

export interface StoredToolDeps extends StoreResultDeps {
  credits: CreditsClient;
  /** FAL_TIMEOUT_MS: the longest one provider call may take. */
  timeoutMs: number;
  inFlight: InFlight;
}

export interface StoredToolRun {
  userId: string;
  tool: GeneratedImageToolId;
  requestId?: string | undefined;
  /** The call's personal API key: the hold names it and counts against its monthly limit. */
  apiKey?: ApiKeyCharge | undefined;
  positivePrompt: string;
  input: ImageInput;
  /** The tool's failure text (the reply of a failed run, nothing charged). */
  failedText: string;
  work(signal: AbortSignal): Promise<EffectResult>;
}

class ToolTimeout extends Error {
  constructor(ms: number) {
    super(`the tool did not finish within ${ms} ms`);
    this.name = 'ToolTimeout';
  }
}

export async function runStoredTool(
  deps: StoredToolDeps,
  run: StoredToolRun,
): Promise<Omit<PhotoEffectReply, 'success'>> {
  const { userId, tool, failedText } = run;
  const charge = await reserveCharge(deps.credits, {
    tool,
    userId,
    httpRequestId: run.requestId,
    apiKey: run.apiKey,
  });
  const running = charge.run(async () => {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new ToolTimeout(deps.timeoutMs)), deps.timeoutMs);
    let result: EffectResult;
    try {
      result = await run.work(timeout.signal);
    } catch (error) {
      if (timeout.signal.aborted) {
        deps.logger.warn({ tool, timeoutMs: deps.timeoutMs }, 'image tool timed out');
        throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.image.generationTimedOut, { cause: error });
      }
      if (isAppError(error)) throw error;
      deps.logger.warn({ err: error, tool }, 'image tool failed');
      throw new AppError(ErrorCode.PROVIDER_FAILED, failedText, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    return storeResult(deps, {
      userId,
      tool,
      positivePrompt: run.positivePrompt,
      input: run.input,
      result,
      charge,
    });
  });
  return resultReplyOf(deps.files, await deps.inFlight.track(running), charge);
}
