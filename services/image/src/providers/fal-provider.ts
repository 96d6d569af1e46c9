// Text to image through fal's queue with @fal-ai/client: submit, follow the status (queue position, then the
// renderer's logs, from which a percentage is read when the model prints one), fetch the result, then download the
// image file it names. FAL_BASE_URL sends every fal request to another host (tests and e2e use a local fake of the
// queue protocol). The caller's signal stops the wait and cancels the request at fal. Retries follow the kit's one
// rule (docs/providers.md#retries), not the client's own: a submission is retried only when refused before it was sent
// or answered 429, the reads (status, result, the download) after a 5xx too.
import { createFalClient, type FalClient, type QueueStatus } from '@fal-ai/client';
import { LIMITS } from '@act/contracts';
import {
  ProviderError,
  observeProvider,
  retryAfterMsOf,
  retryProviderCall,
  retryVerdict,
  serviceMetrics,
} from '@act/service-kit';
import type { FalModel } from './fal-models';
import type { GenerationProgress, GenerationRequest, ImageProvider } from './types';
import type { ImageModelId } from '@act/contracts';

export interface FalProviderOptions {
  apiKey: string;
  models: Readonly<Record<ImageModelId, FalModel>>;
  /** Another host for fal's APIs (http://127.0.0.1:PORT); unset: fal itself. */
  baseUrl?: string;
  /** How often the queue status is polled. */
  pollIntervalMs?: number;
}

/** The provider's image may be larger than ours (4 MP PNG from a 2K model); anything beyond this is refused. */
const MAX_RESULT_BYTES = 64 * 1024 * 1024;

/** fal's hosts: the queue, the synchronous runner, the REST API and the CDN its results are served from. */
const FAL_URL = /^https:\/\/((queue|rest)\.)?fal\.(run|ai)(?=\/|$)/;
const FAL_RESULT_HOSTS = /(^|\.)(fal\.media|fal\.run|fal\.ai)$/;

/** A fal failure: the kit's one provider error, labelled fal. */
export function falError(message: string, options: { status?: number; cause?: unknown } = {}): ProviderError {
  return new ProviderError(message, 'upstream', { provider: 'fal', ...options });
}

/**
 * The fetch fal's client uses. Every failure is classified here by the one rule, where the method is known (GET is a
 * read; POST submits paid work), and thrown as a ProviderError that names no network code: the client's own retry
 * loop (up to three more submissions after a 502-504 or a reset connection) never sees anything it would repeat.
 */
export function createFalFetch(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const idempotent = method === 'GET' || method === 'HEAD';
    let response: Response;
    try {
      response = await base(input, init);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const { retry } = retryVerdict(error, { idempotent });
      // The cause is kept as text only: a network code in the chain would start the client's own retries.
      throw new ProviderError(`fal could not be reached: ${String(error)}`, 'upstream', {
        provider: 'fal',
        retryable: retry,
      });
    }
    if (response.ok || response.status < 400) return response;
    const status = response.status;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    const answer = { status, headers: response.headers };
    const verdict = retryVerdict(answer, { idempotent, maxRetryAfterMs: Number.POSITIVE_INFINITY });
    const retryAfterMs = retryAfterMsOf(answer);
    throw new ProviderError(`fal answered ${status} to ${method}: ${detail}`, 'upstream', {
      provider: 'fal',
      status,
      retryable: verdict.retry,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    });
  };
}

/** Runs one fal request by the one rule: `idempotent` for the reads (status, result, download). */
export function withFalRetry<T>(
  call: () => Promise<T>,
  idempotent: boolean,
  signal: AbortSignal,
): Promise<T> {
  return retryProviderCall(call, { idempotent, signal });
}

/** Percentage from a renderer's log line: `45%`, or a step count such as `Step 9/20` or `9/20`. */
export function percentageOfLogs(logs: ReadonlyArray<{ message: string }> | undefined): number | undefined {
  for (const { message } of [...(logs ?? [])].reverse()) {
    const percent = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(message);
    if (percent) return Math.min(100, Number(percent[1]));
    const steps = /(\d+)\s*\/\s*(\d+)/.exec(message);
    if (steps && Number(steps[2]) > 0) return Math.min(100, (Number(steps[1]) / Number(steps[2])) * 100);
  }
  return undefined;
}

function progressOf(status: QueueStatus): GenerationProgress {
  if (status.status === 'IN_QUEUE') {
    return typeof status.queue_position === 'number'
      ? { status: 'IN_QUEUE', queuePosition: status.queue_position }
      : { status: 'IN_QUEUE' };
  }
  const percentage = percentageOfLogs(status.logs);
  return percentage === undefined ? { status: status.status } : { status: status.status, percentage };
}

/** The input fal's endpoint takes for this request. */
export function falInput(model: FalModel, request: GenerationRequest): Record<string, unknown> {
  const { aspect } = request;
  return {
    prompt: request.prompt,
    seed: request.seed,
    num_images: request.numImages ?? 1,
    ...(model.sizing === 'size'
      ? { image_size: { width: aspect.width, height: aspect.height } }
      : { aspect_ratio: model.aspectRatios?.[aspect.id] ?? aspect.ratio }),
    ...(model.negativePrompt && request.negativePrompt ? { negative_prompt: request.negativePrompt } : {}),
    ...(model.outputFormat ? { output_format: model.outputFormat } : {}),
    // fal's image models check their own output; a refusal arrives as an error.
    enable_safety_checker: true,
  };
}

interface FalImageOutput {
  images?: Array<{ url?: unknown }>;
  seed?: unknown;
}

/** How one request goes through fal's queue (FalConnection.run). */
export interface FalQueueRun {
  /** What the request is called when fal reports it failed (`generation failed: …`). */
  what: string;
  signal: AbortSignal;
  /** How often the queue status is polled. */
  pollIntervalMs: number;
  /** Each status while it waits; given, fal is asked for the renderer's logs too (the progress is read from them). */
  onQueueUpdate?: (status: QueueStatus) => void;
}

/** fal's queue and the download of its result files: the one fal client of text to image and the photo effects. */
export interface FalConnection {
  /**
   * One request through fal's queue: submitted, followed until it ends, and its result's data. The signal stops the
   * wait and cancels the request at fal.
   */
  run(endpoint: string, input: Record<string, unknown>, options: FalQueueRun): Promise<unknown>;
  /** The bytes of a result file named by fal (its CDN, or the configured stand-in; data URLs too). */
  download(location: string, signal: AbortSignal): Promise<Buffer>;
}

export function createFalConnection(options: { apiKey: string; baseUrl?: string }): FalConnection {
  const base = options.baseUrl?.replace(/\/+$/, '');
  const fal: FalClient = createFalClient({
    credentials: options.apiKey,
    fetch: createFalFetch(),
    suppressLocalCredentialsWarning: true,
    ...(base
      ? {
          requestMiddleware: async (request) => ({ ...request, url: request.url.replace(FAL_URL, base) }),
        }
      : {}),
  });
  const baseOrigin = base ? new URL(base).origin : undefined;

  /** Only fal's own hosts (or the configured stand-in) are fetched: a result URL is never followed elsewhere. */
  function resultUrlAllowed(url: URL): boolean {
    if (baseOrigin && url.origin === baseOrigin) return true;
    return url.protocol === 'https:' && FAL_RESULT_HOSTS.test(url.hostname);
  }

  async function download(location: string, signal: AbortSignal): Promise<Buffer> {
    if (location.startsWith('data:')) {
      const comma = location.indexOf(',');
      if (!/;base64$/i.test(location.slice(0, comma))) throw falError('unexpected data URL result');
      return Buffer.from(location.slice(comma + 1), 'base64');
    }
    const url = new URL(location);
    if (!resultUrlAllowed(url)) throw falError(`result URL on an unexpected host: ${url.host}`);
    // A download is a read: retried by the one rule after a refusal, a 429 or a 5xx.
    const response = await withFalRetry(
      async () => {
        const answer = await fetch(url, { signal, redirect: 'error' });
        if (answer.ok && answer.body) return { headers: answer.headers, body: answer.body };
        await answer.body?.cancel().catch(() => undefined);
        throw falError('result download failed', { status: answer.status });
      },
      true,
      signal,
    );
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_RESULT_BYTES) throw falError('result image too large');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > MAX_RESULT_BYTES) throw falError('result image too large');
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  async function run(
    endpoint: string,
    input: Record<string, unknown>,
    { what, signal, pollIntervalMs, onQueueUpdate }: FalQueueRun,
  ): Promise<unknown> {
    signal.throwIfAborted();
    // Paid work: submitted again only when fal cannot have taken it (refused before sending, or 429).
    const { request_id: requestId } = await withFalRetry(
      () => fal.queue.submit(endpoint, { input, abortSignal: signal }),
      false,
      signal,
    );
    // Stopped (time limit, shutdown) while fal still works on it: cancel there, so nobody waits for nothing.
    const cancel = () => void fal.queue.cancel(endpoint, { requestId }).catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const completed = await withFalRetry(
        () =>
          fal.queue.subscribeToStatus(endpoint, {
            requestId,
            mode: 'polling',
            pollInterval: pollIntervalMs,
            ...(onQueueUpdate ? { logs: true, onQueueUpdate } : {}),
            abortSignal: signal,
          }),
        true,
        signal,
      );
      const failure = (completed as { error?: unknown }).error;
      if (failure) throw falError(`${what} failed: ${String(failure)}`);
      const result = await withFalRetry(
        () => fal.queue.result(endpoint, { requestId, abortSignal: signal }),
        true,
        signal,
      );
      return result.data;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  return { run, download };
}

/** Each generation is counted on the image service's /metrics (provider fal, operation text-to-image). */
export function createFalProvider(options: FalProviderOptions): ImageProvider {
  const { run, download } = createFalConnection({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
  });
  const adapter: ImageProvider = {
    name: 'fal',
    async generate(request, { signal, onProgress }) {
      const model = options.models[request.model];
      const output = (await run(model.endpoint, falInput(model, request), {
        what: 'generation',
        signal,
        pollIntervalMs: options.pollIntervalMs ?? 500,
        onQueueUpdate: (status) => onProgress?.(progressOf(status)),
      })) as FalImageOutput;
      // Never more files than were asked for (and paid for), whatever the answer lists.
      const locations = (output.images ?? [])
        .map((image) => image?.url)
        .filter((url): url is string => typeof url === 'string')
        .slice(0, request.numImages ?? 1);
      if (locations.length === 0) throw falError('result without an image');
      const images: Buffer[] = [];
      for (const location of locations) images.push(await download(location, signal));
      const seed =
        typeof output.seed === 'number' &&
        Number.isInteger(output.seed) &&
        output.seed >= 0 &&
        output.seed <= LIMITS.seedMax
          ? output.seed
          : request.seed;
      return { images, seed };
    },
  };
  return observeProvider(adapter, {
    metrics: serviceMetrics('image'),
    provider: 'fal',
    operations: { generate: 'text-to-image' },
  });
}
