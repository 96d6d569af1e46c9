// Configuration of the image service, parsed once from the environment at start: its database, NATS (credits), the
// object store its images are kept in, and fal (key, another host for tests, per-model endpoints, time limit).
import {
  CHARGED_WORK_MAX_MS,
  IMAGE_MODEL_IDS,
  PHOTO_EFFECT_TOOL_IDS,
  type ImageModelId,
  type PhotoEffectToolId,
} from '@act/contracts';
import {
  baseConfigSchema,
  configUrl,
  databaseConfigFields,
  graceCoversWork,
  loadConfig,
  shutdownGraceField,
  toolServiceConfigFields,
  z,
} from '@act/service-kit';
import { objectStoreConfigFields } from '@act/service-kit/files';
import { FAL_EFFECT_ENV_PREFIX, falEffectsFromEnv, type FalEffect } from './providers/fal-effects';
import { LOCAL_EFFECT_IDS } from './providers/local-effects';
import {
  FAL_TOOL_ENV_PREFIX,
  FAL_TOOL_IDS,
  falToolsFromEnv,
  type FalToolId,
} from './providers/fal-image-tools';
import { falEndpointFields } from './providers/fal-endpoints';
import { FAL_MODEL_ENV_PREFIX, falModelsFromEnv, type FalModel } from './providers/fal-models';

/** Room left inside the charged-work limit for the download, the conversion, storing and the commit. */
const SETTLE_ALLOWANCE_MS = 30_000;
const FAL_TIMEOUT_MAX_MS = CHARGED_WORK_MAX_MS - SETTLE_ALLOWANCE_MS;

/** FAL_MODEL_<ID>: another fal endpoint for one model (the table in providers/fal-models.ts is the default). */
const falModelFields = falEndpointFields(FAL_MODEL_ENV_PREFIX, IMAGE_MODEL_IDS);

/** FAL_EFFECT_<ID>: another fal endpoint for one photo effect (the table in providers/fal-effects.ts is the default). */
const falEffectFields = falEndpointFields(FAL_EFFECT_ENV_PREFIX, PHOTO_EFFECT_TOOL_IDS);

/** FAL_TOOL_UPSCALE, FAL_TOOL_EDIT_IMAGE: another fal endpoint for Upscale or Edit a region. */
const falToolFields = falEndpointFields(FAL_TOOL_ENV_PREFIX, FAL_TOOL_IDS);

export const imageConfigSchema = graceCoversWork(
  baseConfigSchema.extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8105),
    /** fal.ai API key; without it text to image says it needs one and answers 503 with nothing charged. */
    FAL_KEY: z.string().min(1).optional(),
    /** Another host for every fal request (tests and e2e point it at a local fake of fal's queue). */
    FAL_BASE_URL: configUrl(['http', 'https']).optional(),
    /** The longest one generation may wait on fal (queue and rendering); then it is cancelled and refunded. */
    FAL_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(FAL_TIMEOUT_MAX_MS, {
        error: `must be at most ${FAL_TIMEOUT_MAX_MS} ms: a generation holds credits, and a hold may last ${CHARGED_WORK_MAX_MS} ms`,
      })
      .default(120_000),
    /** How often fal's queue status is polled. */
    FAL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(10_000).default(500),
    /**
     * Photo effects done here with sharp even when FAL_KEY is set (comma-separated; color-correction, cartoonify):
     * free and quick, for an operator who prefers them to fal's. Without a key these two are always local.
     */
    IMAGE_LOCAL_EFFECTS: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(LOCAL_EFFECT_IDS))),
    ...falModelFields,
    ...falEffectFields,
    ...falToolFields,
    ...objectStoreConfigFields,
    ...databaseConfigFields,
    ...toolServiceConfigFields,
    /** A stopping replica finishes the generations in flight and stores them. */
    ...shutdownGraceField,
  }),
  'FAL_TIMEOUT_MS',
  'generation',
);

export type ImageConfig = z.infer<typeof imageConfigSchema>;

export function loadImageConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<ImageConfig> {
  return loadConfig(imageConfigSchema, env);
}

/** The model → fal endpoint table with this configuration's overrides. */
export function falModelsOf(config: ImageConfig): Readonly<Record<ImageModelId, FalModel>> {
  return falModelsFromEnv(config as unknown as Record<string, string | undefined>);
}

/** The photo effect → fal endpoint table with this configuration's overrides. */
export function falEffectsOf(config: ImageConfig): Readonly<Record<PhotoEffectToolId, FalEffect>> {
  return falEffectsFromEnv(config as unknown as Record<string, string | undefined>);
}

/** The Upscale and Edit a region → fal endpoint table with this configuration's overrides. */
export function falToolsOf(config: ImageConfig): Readonly<Record<FalToolId, { endpoint: string }>> {
  return falToolsFromEnv(config as unknown as Record<string, string | undefined>);
}
