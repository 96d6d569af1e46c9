// The summary provider from the config: the OpenAI-compatible API when a key is set, none (local summaries) otherwise.
import { openAiKeyOf } from '@act/service-kit';
import type { YoutubeConfig } from '../config';
import { createOpenAiSummaryProvider, type SummaryProvider } from './summary-provider';

export function createSummaryProvider(config: YoutubeConfig): SummaryProvider | undefined {
  const apiKey = openAiKeyOf(config);
  if (!apiKey) return undefined;
  return createOpenAiSummaryProvider({
    apiKey,
    baseUrl: config.OPENAI_BASE_URL,
    model: config.YOUTUBE_SUMMARY_MODEL,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    ...(config.PUBLIC_APP_URL ? { appUrl: config.PUBLIC_APP_URL } : {}),
  });
}
