// Configuration of the prompt service, parsed once from the environment at start: its database (the members' stored
// results), NATS (credits) and the JWKS, and its provider.
import { CHARGED_WORK_MAX_MS } from '@act/contracts';
import {
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRY_DELAY_MS,
  baseConfigSchema,
  databaseConfigFields,
  loadConfig,
  openAiConfigFields,
  toolServiceConfigFields,
  z,
} from '@act/service-kit';

const optionalText = z.string().min(1).optional();

/**
 * The longest pause before the one retry (docs/providers.md#retries): the Retry-After ceiling, or the back-off at its
 * largest jitter (twice the delay), whichever is longer.
 */
const RETRY_WAIT_ALLOWANCE_MS = Math.max(DEFAULT_MAX_RETRY_AFTER_MS, 2 * DEFAULT_RETRY_DELAY_MS);
/** One attempt, the pause and the retry must fit in the charged work limit, or credits could sweep the hold first. */
const PROVIDER_TIMEOUT_MAX_MS = Math.floor((CHARGED_WORK_MAX_MS - RETRY_WAIT_ALLOWANCE_MS) / 2);

export const promptConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8103),
  /** openai = any OpenAI-compatible API; local = offline analysis. Unset: openai when a key is set, else local. */
  PROMPT_PROVIDER: z.enum(['openai', 'local']).optional(),
  ...openAiConfigFields,
  /** Defaults per kind of tool; OpenRouter ids. */
  PROMPT_TEXT_MODEL: z.string().min(1).default('openai/gpt-4o-mini'),
  PROMPT_VISION_MODEL: z.string().min(1).default('google/gemini-2.5-flash'),
  /** Per-tool overrides. */
  PROMPT_MODEL_IMAGE_TO_PROMPT: optionalText,
  PROMPT_MODEL_MAGIC_ENHANCE: optionalText,
  PROMPT_MODEL_DESCRIBE_IMAGE: optionalText,
  PROMPT_MODEL_VIDEO_PROMPT: optionalText,
  /** One provider attempt; with the pause and the one retry the worst case stays inside CHARGED_WORK_MAX_MS. */
  PROVIDER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(PROVIDER_TIMEOUT_MAX_MS, {
      error: `must be at most ${PROVIDER_TIMEOUT_MAX_MS} ms: two attempts and the pause between them must fit in the ${CHARGED_WORK_MAX_MS} ms a charged call may take`,
    })
    .default(60_000),
  /**
   * The local provider's CPU work (image analysis, OCR): how many jobs run at once (keep it below the cores), how many
   * may wait before calls are refused with a 503, and the budget of one job before it is cancelled.
   */
  LOCAL_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  LOCAL_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1_000).default(8),
  LOCAL_WORK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(20_000),
  ...databaseConfigFields,
  ...toolServiceConfigFields,
});

export type PromptConfig = z.infer<typeof promptConfigSchema>;

export function loadPromptConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<PromptConfig> {
  return loadConfig(promptConfigSchema, env);
}
