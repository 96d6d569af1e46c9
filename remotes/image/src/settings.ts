// The Text to Image settings panel's values, their defaults (docs/product-rules.md#entities: the first model, style
// photorealistic), the request they make (checked with the contracts' schema, so the texts are the spec's) and the
// settings of a gallery image that "Use settings" puts back.
import {
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_IMAGE_STYLE,
  ERROR_TEXTS,
  TextToImageRequestSchema,
  type AspectRatio,
  type GalleryImage,
  type ImageFormat,
  type ImageModelId,
  type ImageStyle,
  type TextToImageRequest,
} from '@act/contracts';

export interface ImageSettings {
  prompt: string;
  negativePrompt: string;
  model: ImageModelId;
  style: ImageStyle;
  aspectRatio: AspectRatio;
  imageFormat: ImageFormat;
  /** As typed: '' for a random seed. */
  seed: string;
  /** Images per run, 1 to 4 (20 credits each). */
  numImages: number;
}

export const DEFAULT_SETTINGS: ImageSettings = {
  prompt: '',
  negativePrompt: '',
  model: DEFAULT_IMAGE_MODEL,
  style: DEFAULT_IMAGE_STYLE,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  imageFormat: DEFAULT_IMAGE_FORMAT,
  seed: '',
  numImages: 1,
};

export type SettingsField = 'prompt' | 'negativePrompt' | 'seed';
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export type RequestCheck = { ok: true; request: TextToImageRequest } | { ok: false; errors: SettingsErrors };

/**
 * The generate request of these settings, or the first problem of each field in the spec's words. Style 'none' and
 * an empty negative prompt are left out (docs/product-rules.md#endpoints); an empty seed asks the service for a
 * random one.
 */
export function checkSettings(settings: ImageSettings): RequestCheck {
  const seedText = settings.seed.trim();
  const seed = seedText === '' ? undefined : /^\d+$/.test(seedText) ? Number(seedText) : Number.NaN;
  const negative = settings.negativePrompt.trim();
  const candidate = {
    model: settings.model,
    prompt: settings.prompt,
    ...(negative === '' ? {} : { negativePrompt: negative }),
    ...(settings.style === 'none' ? {} : { style: settings.style }),
    aspectRatio: settings.aspectRatio,
    imageFormat: settings.imageFormat,
    ...(seed === undefined ? {} : { seed }),
    // One image is the spec's request as it was; more are asked for by count.
    ...(settings.numImages === 1 ? {} : { numImages: settings.numImages }),
    toolName: 'text-to-image' as const,
  };
  const parsed = TextToImageRequestSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: SettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === 'prompt' || field === 'negativePrompt' || field === 'seed') {
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length === 0) errors.prompt = ERROR_TEXTS.validation.invalidRequest;
  return { ok: false, errors };
}

/**
 * "Use settings": a gallery image's prompt, negative prompt, model, style, aspect, format and seed; the count of the
 * settings in use is kept (`numImages`).
 */
export function settingsOf(image: GalleryImage, numImages = 1): ImageSettings {
  return {
    prompt: image.positive_prompt,
    negativePrompt: image.negative_prompt ?? '',
    model: image.model_name,
    style: image.style ?? 'none',
    aspectRatio: image.aspect_ratio,
    imageFormat: image.image_format,
    seed: String(image.seed),
    numImages,
  };
}
