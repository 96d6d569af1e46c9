// One charged run of a tool that stores a picture made from the member's (Upscale, Edit a region): everything that
// may refuse has happened before this is called; here the credits are held, the work runs under the time limit, and
// the result is stored with the charge's commit (stored-result.ts). A failure or the time limit releases the
// hold with the tool's failure text. A run is not tied to the member's connection: closing the tab lets it finish
// into the hub gallery (and be charged once).
import { type ApiKeyCharge, type GeneratedImageToolId, type PhotoEffectReply } from '@act/contracts';
import { reserveCharge, type CreditsClient, type InFlight } from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import type { EffectResult } from '../providers/local-effects';
import { withinProviderDeadline } from './provider-deadline';
import { resultReplyOf, storeResult, type StoreResultDeps } from './stored-result';

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
    const result = await withinProviderDeadline(
      { timeoutMs: deps.timeoutMs, logger: deps.logger, tool, failedText },
      (signal) => run.work(signal),
    );
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
