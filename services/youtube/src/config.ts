// Configuration of the youtube service, parsed once from the environment at start: its database (the members' saved
// summaries and their questions), NATS (credits), the AI provider, and YouTube's hosts; transcripts and thumbnail
// checks are cached in memory.
import {
  baseConfigSchema,
  configUrl,
  databaseConfigFields,
  loadConfig,
  openAiConfigFields,
  toolServiceConfigFields,
  z,
} from '@act/service-kit';

export const youtubeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8107),
  ...openAiConfigFields,
  YOUTUBE_SUMMARY_MODEL: z.string().min(1).default('openai/gpt-4o-mini'),
  /**
   * Where requests meant for www.youtube.com (Innertube player, watch pages, caption tracks) go instead: tests and
   * the e2e launcher point it at a local fake. Unset: YouTube itself.
   */
  YOUTUBE_BASE_URL: configUrl(['http', 'https']).optional(),
  /** Where requests meant for https://i.ytimg.com go instead (tests, e2e). Unset: i.ytimg.com itself. */
  YOUTUBE_THUMBNAIL_BASE_URL: configUrl(['http', 'https']).optional(),
  /** One request to YouTube (player, captions, a thumbnail). */
  YOUTUBE_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** One whole streamed summary from the provider. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(90_000),
  /** How long a video's transcript (and info) is reused. */
  TRANSCRIPT_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60 * 1000),
  ...databaseConfigFields,
  ...toolServiceConfigFields,
});

export type YoutubeConfig = z.infer<typeof youtubeConfigSchema>;

export function loadYoutubeConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<YoutubeConfig> {
  return loadConfig(youtubeConfigSchema, env);
}
