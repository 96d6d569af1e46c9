// Chooses and builds the prompt provider from configuration: PROMPT_PROVIDER, else openai when a key is set, else local;
// every call to it is counted on the service's /metrics by the kit's one observing wrapper (provider_calls_total and
// provider_call_duration_seconds{provider, operation = the tool, outcome}).
import { ConfigError, createWorkPool, observeProvider, openAiKeyOf, serviceMetrics } from '@act/service-kit';
import type { PromptConfig } from '../config';
import { createLocalProvider } from './local-provider';
import { createOpenAiProvider } from './openai-provider';
import type { PromptProvider, ProviderName } from './types';

type ProviderConfig = Pick<
  PromptConfig,
  | 'PROMPT_PROVIDER'
  | 'OPENAI_API_KEY'
  | 'OPENROUTER_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'PROMPT_TEXT_MODEL'
  | 'PROMPT_VISION_MODEL'
  | 'PROMPT_MODEL_IMAGE_TO_PROMPT'
  | 'PROMPT_MODEL_MAGIC_ENHANCE'
  | 'PROMPT_MODEL_DESCRIBE_IMAGE'
  | 'PROMPT_MODEL_VIDEO_PROMPT'
  | 'PROVIDER_TIMEOUT_MS'
  | 'PUBLIC_APP_URL'
  | 'LOCAL_WORKERS'
  | 'LOCAL_QUEUE_LIMIT'
  | 'LOCAL_WORK_TIMEOUT_MS'
>;

export function providerNameFor(config: ProviderConfig): ProviderName {
  if (config.PROMPT_PROVIDER) return config.PROMPT_PROVIDER;
  return openAiKeyOf(config) ? 'openai' : 'local';
}

/** The configured provider, its calls counted on the service's /metrics. */
export function createProvider(config: ProviderConfig): PromptProvider {
  const provider = createConfiguredProvider(config);
  return observeProvider(provider, {
    metrics: serviceMetrics('prompt'),
    provider: provider.name,
    operations: {
      imageToPrompt: 'image-to-prompt',
      enhancePrompt: 'magic-enhance',
      describeImage: 'ai-describe-image',
      videoPrompt: 'image-to-video-prompt',
    },
  });
}

function createConfiguredProvider(config: ProviderConfig): PromptProvider {
  if (providerNameFor(config) === 'local') {
    const pool = createWorkPool({
      size: config.LOCAL_WORKERS,
      queueLimit: config.LOCAL_QUEUE_LIMIT,
      // One person's image work runs one job at a time, so the other workers stay free for everyone else.
      perCallerLimit: 1,
      timeoutMs: config.LOCAL_WORK_TIMEOUT_MS,
    });
    return createLocalProvider({ pool });
  }
  const apiKey = openAiKeyOf(config);
  if (!apiKey) throw new ConfigError(['OPENAI_API_KEY: is required when PROMPT_PROVIDER=openai']);
  return createOpenAiProvider({
    apiKey,
    baseUrl: config.OPENAI_BASE_URL,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    appUrl: config.PUBLIC_APP_URL,
    models: {
      imageToPrompt: config.PROMPT_MODEL_IMAGE_TO_PROMPT ?? config.PROMPT_VISION_MODEL,
      magicEnhance: config.PROMPT_MODEL_MAGIC_ENHANCE ?? config.PROMPT_TEXT_MODEL,
      describeImage: config.PROMPT_MODEL_DESCRIBE_IMAGE ?? config.PROMPT_VISION_MODEL,
      videoPrompt: config.PROMPT_MODEL_VIDEO_PROMPT ?? config.PROMPT_VISION_MODEL,
    },
  });
}
