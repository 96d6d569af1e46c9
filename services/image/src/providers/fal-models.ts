// The one table from the spec's text-to-image models (contracts IMAGE_MODELS) to fal endpoints, with what each
// endpoint's input takes: an exact size or only an aspect ratio, a negative prompt, an output format. Each endpoint
// id can be overridden by env (FAL_MODEL_<ID>, e.g. FAL_MODEL_FLUX_PRO=fal-ai/flux-pro/new).
import { IMAGE_MODEL_IDS, type AspectRatio, type ImageModelId } from '@act/contracts';
import { falEndpointEnvName, falEndpointsFromEnv } from './fal-endpoints';

export interface FalModel {
  endpoint: string;
  /** `size`: `image_size: {width, height}`; `aspect`: only `aspect_ratio` from this model's list. */
  sizing: 'size' | 'aspect';
  /** The ratio sent for each of our aspect ratios (models that take only a ratio: the nearest one they have). */
  aspectRatios?: Readonly<Record<AspectRatio, string>>;
  negativePrompt: boolean;
  /** The lossless format asked for when the model lets us choose (the result is converted by us anyway). */
  outputFormat?: 'png';
}

const IMAGEN_RATIOS = { square: '1:1', portrait: '9:16', landscape: '16:9', widescreen: '16:9' } as const;
const KONTEXT_RATIOS = { square: '1:1', portrait: '9:16', landscape: '16:9', widescreen: '21:9' } as const;

export const FAL_MODELS: Readonly<Record<ImageModelId, FalModel>> = {
  'imagen-4-preview': {
    endpoint: 'fal-ai/imagen4/preview',
    sizing: 'aspect',
    aspectRatios: IMAGEN_RATIOS,
    negativePrompt: false,
    outputFormat: 'png',
  },
  'stable-diffusion-3.5-large': {
    endpoint: 'fal-ai/stable-diffusion-v35-large',
    sizing: 'size',
    negativePrompt: true,
    outputFormat: 'png',
  },
  'flux-pro': {
    endpoint: 'fal-ai/flux-pro/v1.1',
    sizing: 'size',
    negativePrompt: false,
    outputFormat: 'png',
  },
  'seedream-v3': {
    endpoint: 'fal-ai/bytedance/seedream/v3/text-to-image',
    sizing: 'size',
    negativePrompt: false,
  },
  'flux-schnell': {
    endpoint: 'fal-ai/flux/schnell',
    sizing: 'size',
    negativePrompt: false,
    outputFormat: 'png',
  },
  'flux-pro-max': {
    endpoint: 'fal-ai/flux-pro/kontext/max/text-to-image',
    sizing: 'aspect',
    aspectRatios: KONTEXT_RATIOS,
    negativePrompt: false,
    outputFormat: 'png',
  },
  'imagen-4-ultra': {
    endpoint: 'fal-ai/imagen4/preview/ultra',
    sizing: 'aspect',
    aspectRatios: IMAGEN_RATIOS,
    negativePrompt: false,
    outputFormat: 'png',
  },
  'ideogram-v3': { endpoint: 'fal-ai/ideogram/v3', sizing: 'size', negativePrompt: true },
};

export const FAL_MODEL_ENV_PREFIX = 'FAL_MODEL_';

/** The env variable that overrides one model's endpoint: FAL_MODEL_ + the id in capitals, `-` and `.` as `_`. */
export function falModelEnvName(id: ImageModelId): string {
  return falEndpointEnvName(FAL_MODEL_ENV_PREFIX, id);
}

/** The table with the endpoints named in env applied. */
export function falModelsFromEnv(
  env: Record<string, string | undefined>,
): Readonly<Record<ImageModelId, FalModel>> {
  return falEndpointsFromEnv(FAL_MODEL_ENV_PREFIX, FAL_MODELS, IMAGE_MODEL_IDS, env);
}
