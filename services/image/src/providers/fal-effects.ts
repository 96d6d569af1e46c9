// The photo effects through fal's instruction-based image editing: one table maps each effect to its fal endpoint
// and the instruction sent with the photo (the member's text, where the effect takes one, written into it). Each
// endpoint can be replaced by env, FAL_EFFECT_<ID> (e.g. FAL_EFFECT_AGE_PROGRESSION=fal-ai/flux-pro/kontext): every
// request carries a full instruction, so a general instruction-editing model works as well as the effect's own.
// The photo goes as a data URI (fal's client passes it through unchanged), at most 2048 px on its long edge, upright.
import { PHOTO_EFFECT_TOOL_IDS, type PhotoEffectToolId } from '@act/contracts';
import { observeProvider, serviceMetrics } from '@act/service-kit';
import { openImage } from '@act/service-kit/media';
import { falEndpointEnvName, falEndpointsFromEnv } from './fal-endpoints';
import { falError, type FalConnection } from './fal-provider';

export interface FalEffect {
  endpoint: string;
  /** The instruction for one photo; `text` is the member's trimmed text for the three effects that take one. */
  instruction(text: string): string;
  /** Whether the endpoint takes `output_format` (the broccoli haircut's does not). */
  outputFormat: boolean;
}

const KEEP_PERSON =
  'Keep the same person: identity, facial features, skin tone, pose, clothing, framing, background and lighting stay unchanged.';

/** The default endpoint and instruction of each effect. */
export const FAL_EFFECTS: Readonly<Record<PhotoEffectToolId, FalEffect>> = {
  'age-progression': {
    endpoint: 'fal-ai/image-editing/age-progression',
    instruction: (ageChange) =>
      `Age progression: make the person in this photo look ${ageChange}. Change only the natural signs of age (skin texture, wrinkles, hair colour and hairline, face shape). ${KEEP_PERSON} Photorealistic.`,
    outputFormat: true,
  },
  'baby-version': {
    endpoint: 'fal-ai/image-editing/baby-version',
    instruction: () =>
      'Show the person in this photo as a baby of about one year old, recognisably the same person: same eye colour, hair colour and skin tone, with a baby’s proportions. Keep the pose, framing, background and lighting. Photorealistic.',
    outputFormat: true,
  },
  'background-change': {
    endpoint: 'fal-ai/image-editing/background-change',
    instruction: (background) =>
      `Replace the background of this photo with: ${background}. Keep the main subject exactly as it is (face, hair, body, clothing, outline and pose) and match the new background's perspective, light direction and colour to the subject, so it looks like one photograph.`,
    outputFormat: true,
  },
  cartoonify: {
    endpoint: 'fal-ai/image-editing/cartoonify',
    instruction: () =>
      'Redraw this photo as a clean cartoon illustration: bold dark outlines, flat colours with soft cel shading, simplified details. Keep the likeness of every person, their expression and pose, and the composition and background layout.',
    outputFormat: true,
  },
  'broccoli-haircut': {
    endpoint: 'fal-ai/image-editing/broccoli-haircut',
    instruction: () =>
      `Give the person in this photo a broccoli haircut: a voluminous crown of tight curls on top with short faded sides. Change only the hair. ${KEEP_PERSON} Photorealistic.`,
    outputFormat: false,
  },
  'color-correction': {
    endpoint: 'fal-ai/image-editing/color-correction',
    instruction: () =>
      'Colour-correct this photo: neutral white balance, balanced exposure with detail in shadows and highlights, natural contrast, true-to-life saturation and skin tones. Do not change the content, composition or any detail.',
    outputFormat: true,
  },
  'expression-change': {
    endpoint: 'fal-ai/image-editing/expression-change',
    instruction: (expression) =>
      `Change the facial expression of the person in this photo to ${expression}. Change only the expression (mouth, eyes, brows), naturally. ${KEEP_PERSON} Photorealistic.`,
    outputFormat: true,
  },
};

export const FAL_EFFECT_ENV_PREFIX = 'FAL_EFFECT_';

/** The env variable that replaces one effect's endpoint: FAL_EFFECT_ + the id in capitals, `-` as `_`. */
export function falEffectEnvName(id: PhotoEffectToolId): string {
  return falEndpointEnvName(FAL_EFFECT_ENV_PREFIX, id);
}

/** The table with the endpoints named in env applied. */
export function falEffectsFromEnv(
  env: Record<string, string | undefined>,
): Readonly<Record<PhotoEffectToolId, FalEffect>> {
  return falEndpointsFromEnv(FAL_EFFECT_ENV_PREFIX, FAL_EFFECTS, PHOTO_EFFECT_TOOL_IDS, env);
}

/** Long edge of the photo sent to fal: the editing models work near 1 MP; a 24 MP upload would only cost time. */
export const FAL_INPUT_EDGE = 2048;

/** The photo as fal receives it: upright, at most FAL_INPUT_EDGE, JPEG, as a data URI. */
export async function falImageDataUri(bytes: Buffer): Promise<string> {
  const jpeg = await openImage(bytes)
    .rotate()
    .resize(FAL_INPUT_EDGE, FAL_INPUT_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

export interface FalEffectRequest {
  tool: PhotoEffectToolId;
  /** The upright photo. */
  bytes: Buffer;
  /** The member's text (age change, background, expression); absent for the other four. */
  text?: string;
}

export interface FalEffectsOptions {
  connection: FalConnection;
  effects: Readonly<Record<PhotoEffectToolId, FalEffect>>;
  pollIntervalMs?: number;
}

export interface FalEffects {
  /** The edited photo's file as fal made it (any of PNG, JPEG, WebP, at fal's size). */
  edit(request: FalEffectRequest, options: { signal: AbortSignal }): Promise<Buffer>;
}

interface FalImageOutput {
  images?: Array<{ url?: unknown }>;
  image?: { url?: unknown };
}

export function createFalEffects({
  connection,
  effects,
  pollIntervalMs = 500,
}: FalEffectsOptions): FalEffects {
  const adapter: FalEffects = {
    async edit({ tool, bytes, text }, { signal }) {
      const effect = effects[tool];
      const input = {
        image_url: await falImageDataUri(bytes),
        prompt: effect.instruction(text ?? ''),
        num_images: 1,
        ...(effect.outputFormat ? { output_format: 'jpeg' } : {}),
        enable_safety_checker: true,
      };
      const output = (await connection.run(effect.endpoint, input, {
        what: 'edit',
        signal,
        pollIntervalMs,
      })) as FalImageOutput;
      const location = output.images?.[0]?.url ?? output.image?.url;
      if (typeof location !== 'string') throw falError('result without an image');
      return await connection.download(location, signal);
    },
  };
  // Each edit is counted on the image service's /metrics (provider fal, operation: the photo effect's tool id).
  return observeProvider(adapter, {
    metrics: serviceMetrics('image'),
    provider: 'fal',
    operations: { edit: (input) => input.tool },
  });
}
