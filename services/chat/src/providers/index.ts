// The chat service's providers, built once at start from its config (startService's providers step): the
// OpenAI-compatible chat provider when a key is set, and Deep Search's search provider. Each missing one is said once
// in the log, with what answers 503 without it.
import { openAiKeyOf, type ProviderContext } from '@act/service-kit';
import type { ChatConfig } from '../config';
import {
  createBraveSearchProvider,
  createSearxngProvider,
  type SearchProvider,
} from '../deep-search/search-provider';
import { createOpenAiChatProvider } from './openai-provider';
import type { ChatProvider } from './types';

export interface ChatProviders {
  /** Absent without a provider key: chat says so (status, 503) and reserves nothing. */
  chat: ChatProvider | undefined;
  /** Absent without SEARXNG_URL or a Brave key: Deep Search answers 503. */
  search: SearchProvider | undefined;
}

export function providersOf({
  config,
  logger,
}: Pick<ProviderContext<ChatConfig>, 'config' | 'logger'>): ChatProviders {
  const apiKey = openAiKeyOf(config);
  const chat = apiKey
    ? createOpenAiChatProvider({
        apiKey,
        baseUrl: config.OPENAI_BASE_URL,
        timeoutMs: config.CHAT_REPLY_MAX_MS,
        maxOutputTokens: config.CHAT_MAX_OUTPUT_TOKENS,
        appUrl: config.PUBLIC_APP_URL,
      })
    : undefined;
  if (!chat) {
    logger.warn(
      'no OPENAI_API_KEY: chat answers 503 until a provider key is configured (the web chat answers locally)',
    );
  }
  if (config.WEB_FETCH_ALLOW_LOOPBACK)
    logger.warn('WEB_FETCH_ALLOW_LOOPBACK: the web chat reads loopback pages');
  const search = searchProviderOf(config);
  if (!search) logger.warn('no SEARXNG_URL or BRAVE_SEARCH_API_KEY: Deep Search answers 503');
  return { chat, search };
}

/** Deep Search's search provider: SearXNG when SEARXNG_URL is set, else Brave with its key, else none. */
export function searchProviderOf(
  config: Pick<ChatConfig, 'SEARXNG_URL' | 'BRAVE_SEARCH_API_KEY' | 'BRAVE_SEARCH_BASE_URL'>,
): SearchProvider | undefined {
  if (config.SEARXNG_URL) return createSearxngProvider(config.SEARXNG_URL);
  if (config.BRAVE_SEARCH_API_KEY) {
    return createBraveSearchProvider(config.BRAVE_SEARCH_API_KEY, config.BRAVE_SEARCH_BASE_URL);
  }
  return undefined;
}
