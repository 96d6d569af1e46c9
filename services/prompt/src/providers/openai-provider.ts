// Prompt provider on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK.
// Image tools send the validated image as an image_url part; each call has a timeout and at most one retry.
import { APIConnectionTimeoutError, APIError } from 'openai';
import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  describeImageInstructions,
  enhancePromptInstructions,
  imageToPromptInstructions,
  videoPromptInstructions,
  type ChatInstructions,
} from './instructions';
import { createOpenAiClient } from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import { ProviderError, type PromptProvider, type WorkOrigin } from './types';

export interface PromptModels {
  imageToPrompt: string;
  magicEnhance: string;
  describeImage: string;
  videoPrompt: string;
}

export interface OpenAiProviderOptions {
  apiKey: string;
  baseUrl: string;
  models: PromptModels;
  /** Budget of one attempt; a timed-out attempt is not retried (the user has already waited that long). */
  timeoutMs: number;
  /** Pause before the single retry after a 429 or 5xx, unless the server's Retry-After asks for less. */
  retryDelayMs?: number;
  /** Longest Retry-After we honour; a longer one fails now instead of holding the request open. */
  maxRetryAfterMs?: number;
  maxOutputTokens?: number;
  /** OpenRouter attribution headers (optional; ignored by other endpoints). */
  appUrl?: string;
  appTitle?: string;
}

const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;

export function createOpenAiProvider(options: OpenAiProviderOptions): PromptProvider {
  // Retries are ours (one, on 429/5xx only): the client's own are off.
  const client = createOpenAiClient(options);

  async function complete(
    model: string,
    instructions: ChatInstructions,
    origin: WorkOrigin,
    image?: ImageInput,
  ): Promise<string> {
    const userContent: ChatCompletionContentPart[] = [{ type: 'text', text: instructions.user }];
    if (image) userContent.push({ type: 'image_url', image_url: { url: toDataUrl(image), detail: 'auto' } });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: instructions.system },
      { role: 'user', content: image ? userContent : instructions.user },
    ];
    const body = { model, messages, max_tokens: options.maxOutputTokens ?? 800, temperature: 0.7 };

    const { signal } = origin;
    const completion = await withOneRetry(
      () => client.chat.completions.create(body, signal ? { signal } : {}),
      options,
      signal,
    );
    const text = completion.choices[0]?.message?.content;
    const cleaned = typeof text === 'string' ? cleanModelText(text) : '';
    if (cleaned === '') throw new ProviderError('The provider returned an empty answer', 'empty');
    return cleaned;
  }

  return {
    name: 'openai',
    imageToPrompt: (image, origin) =>
      complete(options.models.imageToPrompt, imageToPromptInstructions(), origin, image),
    enhancePrompt: (text, origin) =>
      complete(options.models.magicEnhance, enhancePromptInstructions(text), origin),
    describeImage: ({ image, language, tasks }, origin) =>
      complete(options.models.describeImage, describeImageInstructions(language, tasks), origin, image),
    videoPrompt: ({ image, ...choices }, origin) =>
      complete(options.models.videoPrompt, videoPromptInstructions(choices), origin, image),
    admit: () => undefined,
    close: async () => undefined,
  };
}

/** The bytes re-labelled with the type their magic bytes proved, whatever the browser claimed. */
function toDataUrl(image: ImageInput): string {
  return `data:${image.mime};base64,${image.bytes.toString('base64')}`;
}

async function withOneRetry<T>(
  call: () => Promise<T>,
  options: Pick<OpenAiProviderOptions, 'retryDelayMs' | 'maxRetryAfterMs'>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // A call stopped by its caller is not a provider failure and is never retried.
    if (signal?.aborted) throw signal.reason;
    const delay = retryDelay(error, options);
    if (delay === undefined) throw toProviderError(error);
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      return await call();
    } catch (second) {
      throw toProviderError(second);
    }
  }
}

/** Milliseconds to wait before retrying, or undefined when the failure is not worth a retry. */
function retryDelay(
  error: unknown,
  options: Pick<OpenAiProviderOptions, 'retryDelayMs' | 'maxRetryAfterMs'>,
): number | undefined {
  if (error instanceof APIConnectionTimeoutError || !(error instanceof APIError)) return undefined;
  const status = error.status;
  if (status === undefined || (status !== 429 && status < 500)) return undefined;
  const fallback = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const retryAfterMs = parseRetryAfter(error.headers?.get('retry-after') ?? null);
  if (retryAfterMs === undefined) return fallback;
  return retryAfterMs <= (options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS) ? retryAfterMs : undefined;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError('The provider timed out', 'timeout', { cause: error });
  }
  const status = error instanceof APIError ? ` (HTTP ${error.status ?? 'connection error'})` : '';
  return new ProviderError(`The provider call failed${status}`, 'upstream', { cause: error });
}

/** Strips the wrappers models add despite the instructions: code fences, surrounding quotes, "Prompt:" labels. */
export function cleanModelText(text: string): string {
  let out = text.trim();
  const fenced = /^```[a-z]*\n([\s\S]*?)\n```$/i.exec(out);
  if (fenced?.[1] !== undefined) out = fenced[1].trim();
  out = out.replace(/^(?:\*\*)?(?:prompt|enhanced prompt|video prompt)(?:\*\*)?\s*:\s*/i, '');
  if (out.length > 1 && /^["“'].*["”']$/s.test(out) && !out.slice(1, -1).includes('\n'))
    out = out.slice(1, -1).trim();
  return out;
}
