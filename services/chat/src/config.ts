// Configuration of the chat service, parsed once from the environment at start: its database, NATS (credits and
// Stop), the OpenAI-compatible provider and its model ids, and how long one reply may stream.
import {
  CHARGED_WORK_MAX_MS,
  PLAYGROUND_MODELS,
  REASONING_MODEL,
  type ChatModelId,
  type PlaygroundModelId,
} from '@act/contracts';
import {
  baseConfigSchema,
  configUrl,
  databaseConfigFields,
  graceCoversWork,
  loadConfig,
  openAiConfigFields,
  shutdownGraceField,
  toolServiceConfigFields,
  z,
} from '@act/service-kit';
import { objectStoreConfigFields } from '@act/service-kit/files';
import type { DeepSearchLimits } from './deep-search/research';

/** Room left inside the charged-work limit for the final write and the commit after the provider stops. */
const SETTLE_ALLOWANCE_MS = 10_000;
const REPLY_MAX_MS = CHARGED_WORK_MAX_MS - SETTLE_ALLOWANCE_MS;

export const chatConfigSchema = graceCoversWork(
  baseConfigSchema.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8104),
    ...openAiConfigFields,
    /** Upstream model id of each playground column (the column keeps the spec's id in the API). */
    CHAT_MODEL_GPT_4O_MINI: z.string().min(1).default('openai/gpt-4o-mini'),
    // The spec's 'google/gemini-2.5-flash-preview-05-20' is retired on OpenRouter; its successor answers instead.
    CHAT_MODEL_GEMINI_2_5_FLASH: z.string().min(1).default('google/gemini-2.5-flash'),
    CHAT_MODEL_CLAUDE_SONNET_4: z.string().min(1).default('anthropic/claude-sonnet-4'),
    CHAT_MODEL_DEEPSEEK_R1: z.string().min(1).default('deepseek/deepseek-r1-0528:free'),
    CHAT_MODEL_REASONING: z.string().min(1).default(REASONING_MODEL),
    /** Chat agent models not in the playground (the three shared ones use the playground's variables above). */
    CHAT_MODEL_GEMINI_2_5_PRO: z.string().min(1).default('google/gemini-2.5-pro'),
    CHAT_MODEL_LLAMA_3_70B: z.string().min(1).default('meta-llama/llama-3-70b-instruct'),
    CHAT_MODEL_MISTRAL_NEMO: z.string().min(1).default('mistralai/mistral-nemo'),
    CHAT_MODEL_DEEPSEEK_CHAT_V3: z.string().min(1).default('deepseek/deepseek-chat-v3-0324:free'),
    CHAT_MODEL_DEEPSEEK_R1_AGENT: z.string().min(1).default('deepseek/deepseek-r1:free'),
    /** The model that answers web chat questions from the page. */
    CHAT_MODEL_WEB: z.string().min(1).default('openai/gpt-4o-mini'),
    /**
     * How PDF attachments reach the model: `file` as file parts (OpenRouter reads them for any model), `text` as the
     * text extracted here (endpoints without file input, e.g. a local Ollama).
     */
    CHAT_PDF_INPUT: z.enum(['file', 'text']).default('file'),
    /** The model that plans Deep Search's research and writes its report. */
    CHAT_MODEL_DEEP_SEARCH: z.string().min(1).default('openai/gpt-4o-mini'),
    /**
     * Deep Search's search provider (docs/providers.md#deep-search): a SearXNG instance (its JSON API must be on), or
     * else Brave Search with its key; neither leaves Deep Search unavailable (503, and its page says so).
     */
    SEARXNG_URL: configUrl(['http', 'https']).optional(),
    BRAVE_SEARCH_API_KEY: z.string().min(1).optional(),
    BRAVE_SEARCH_BASE_URL: configUrl(['http', 'https']).default('https://api.search.brave.com'),
    /** At most this many searches and pages per report, in this long (searching and reading) and these bytes. */
    DEEP_SEARCH_MAX_SEARCHES: z.coerce.number().int().min(1).max(10).default(4),
    DEEP_SEARCH_MAX_PAGES: z.coerce.number().int().min(1).max(20).default(6),
    DEEP_SEARCH_MAX_MS: z.coerce.number().int().min(1_000).max(300_000).default(90_000),
    DEEP_SEARCH_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .max(100 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    /** Lets the web chat read pages on loopback addresses: tests and the e2e run only, never in production. */
    WEB_FETCH_ALLOW_LOOPBACK: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    ...objectStoreConfigFields,
    /** The per-member limits' shared counters (share links, continued comparisons); unset: each replica's memory. */
    REDIS_URL: configUrl(['redis', 'rediss']).optional(),
    /**
     * The longest one reply may stream before it is stopped (and saved as stopped): it must fit in the time a
     * charged call may hold credits, with room for the final write.
     */
    CHAT_REPLY_MAX_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(REPLY_MAX_MS, {
        error: `must be at most ${REPLY_MAX_MS} ms: a reply holds credits, and a hold may last ${CHARGED_WORK_MAX_MS} ms`,
      })
      .default(REPLY_MAX_MS),
    /** How often the text of a streaming reply is saved, so a reopened session shows it growing. */
    CHAT_PERSIST_INTERVAL_MS: z.coerce.number().int().min(50).max(10_000).default(500),
    CHAT_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(16).max(64_000).default(4_000),
    ...databaseConfigFields,
    ...toolServiceConfigFields,
    /** A stopping chat service finishes the replies in flight. */
    ...shutdownGraceField,
  }),
  'CHAT_REPLY_MAX_MS',
  'reply',
);

export type ChatConfig = z.infer<typeof chatConfigSchema>;

export function loadChatConfig(env: Record<string, string | undefined> = process.env): Readonly<ChatConfig> {
  return loadConfig(chatConfigSchema, env);
}

/** Upstream model ids: each playground column's, the reasoning model's, each chat agent model's, the web chat's. */
export interface ChatModels {
  playground: Record<PlaygroundModelId, string>;
  reasoning: string;
  agent: Record<ChatModelId, string>;
  web: string;
  deepSearch: string;
}

export function deepSearchLimitsOf(config: ChatConfig): DeepSearchLimits {
  return {
    maxSearches: config.DEEP_SEARCH_MAX_SEARCHES,
    maxPages: config.DEEP_SEARCH_MAX_PAGES,
    maxMs: config.DEEP_SEARCH_MAX_MS,
    maxBytes: config.DEEP_SEARCH_MAX_BYTES,
  };
}

export function chatModelsOf(config: ChatConfig): ChatModels {
  const [gpt, gemini, claude, deepseek] = PLAYGROUND_MODELS;
  return {
    playground: {
      [gpt]: config.CHAT_MODEL_GPT_4O_MINI,
      [gemini]: config.CHAT_MODEL_GEMINI_2_5_FLASH,
      [claude]: config.CHAT_MODEL_CLAUDE_SONNET_4,
      [deepseek]: config.CHAT_MODEL_DEEPSEEK_R1,
    },
    reasoning: config.CHAT_MODEL_REASONING,
    agent: {
      'openai/gpt-4o-mini': config.CHAT_MODEL_GPT_4O_MINI,
      'google/gemini-2.5-pro': config.CHAT_MODEL_GEMINI_2_5_PRO,
      'google/gemini-2.5-flash': config.CHAT_MODEL_GEMINI_2_5_FLASH,
      'anthropic/claude-sonnet-4': config.CHAT_MODEL_CLAUDE_SONNET_4,
      'meta-llama/llama-3-70b-instruct': config.CHAT_MODEL_LLAMA_3_70B,
      'mistralai/mistral-nemo': config.CHAT_MODEL_MISTRAL_NEMO,
      'deepseek/deepseek-chat-v3-0324:free': config.CHAT_MODEL_DEEPSEEK_CHAT_V3,
      'deepseek/deepseek-r1:free': config.CHAT_MODEL_DEEPSEEK_R1_AGENT,
    },
    web: config.CHAT_MODEL_WEB,
    deepSearch: config.CHAT_MODEL_DEEP_SEARCH,
  };
}
