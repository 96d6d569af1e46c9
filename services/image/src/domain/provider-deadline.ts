// One provider call of the image family under its time limit (FAL_TIMEOUT_MS), shared by the photo effects and by
// Upscale / Edit a region: the call gets a signal that aborts at the limit; a failure after the limit is the
// family's "timed out" text, any other failure the tool's own failure text (an AppError already worded passes
// through). Both are logged once here.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, isAppError, type Logger } from '@act/service-kit';

class ProviderTimeout extends Error {
  constructor(ms: number) {
    super(`the provider did not finish within ${ms} ms`);
    this.name = 'ProviderTimeout';
  }
}

export interface ProviderDeadline {
  timeoutMs: number;
  logger: Logger;
  tool: string;
  /** The reply's text when the call fails before the limit. */
  failedText: string;
}

export async function withinProviderDeadline<T>(
  { timeoutMs, logger, tool, failedText }: ProviderDeadline,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new ProviderTimeout(timeoutMs)), timeoutMs);
  try {
    return await call(timeout.signal);
  } catch (error) {
    if (timeout.signal.aborted) {
      logger.warn({ tool, timeoutMs }, 'image provider call timed out');
      throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.image.generationTimedOut, { cause: error });
    }
    if (isAppError(error)) throw error;
    logger.warn({ err: error, tool }, 'image provider call failed');
    throw new AppError(ErrorCode.PROVIDER_FAILED, failedText, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
