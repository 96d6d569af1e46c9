// Prompt provider on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK.
// Image tools send the validated image as an image_url part; each call has a timeout and at most one retry, by the
// one rule of docs/providers.md#retries (one-shot completions are safe to repeat after a 5xx).
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
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_DELAY_MS,
  ProviderError,
  createOpenAiClient,
  openAiFailure,
  retryProviderCall,
} from '@act/service-kit';
import type { ImageInput } from '@act/service-kit/media';
import type { PromptProvider, WorkOrigin } from './types';

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
  /** Back-off before the single retry after a 429 or 5xx (jittered), unless the server sends Retry-After. */
  retryDelayMs?: number;
  /** Longest Retry-After we honour; a longer one fails now instead of holding the request open. */
  maxRetryAfterMs?: number;
  maxOutputTokens?: number;
  /** OpenRouter attribution headers (optional; ignored by other endpoints). */
  appUrl?: string;
  appTitle?: string;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): PromptProvider {
  // Retries are the one rule's (docs/providers.md#retries): the client's own are off.
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
    let completion;
    try {
      // A one-shot completion that failed returned no text, so repeating it after a 5xx is safe.
      completion = await retryProviderCall(
        () => client.chat.completions.create(body, signal ? { signal } : {}),
        {
          idempotent: true,
          retries: 1,
          delayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
          maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS,
          ...(signal ? { signal } : {}),
        },
      );
    } catch (error) {
      // A call stopped by its caller is not a provider failure.
      if (signal?.aborted) throw signal.reason;
      throw openAiFailure(error, 'chat-completion');
    }
    const text = completion.choices[0]?.message?.content;
    const cleaned = typeof text === 'string' ? cleanModelText(text) : '';
    if (cleaned === '') {
      throw new ProviderError('The provider returned an empty answer', 'empty', { provider: 'openai' });
    }
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
