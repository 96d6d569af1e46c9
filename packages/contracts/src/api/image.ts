// Image service contracts (spec §7): text to image with its gallery, the photo effects and the hub gallery.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import type { ToolId } from '../tools';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { AspectRatioSchema, ImageFormatSchema, ImageModelIdSchema, ImageStyleSchema } from '../options';
import {
  IdParamsSchema,
  ImageDataUrlSchema,
  remainingCreditsField,
  successReply,
  TimestampSchema,
  ToolNameFieldSchema,
} from './common';

const V = ERROR_TEXTS.validation;

export const SeedSchema = z
  .number({ error: V.seedInvalid })
  .int({ error: V.seedInvalid })
  .min(0, { error: V.seedInvalid })
  .max(LIMITS.seedMax, { error: V.seedInvalid });

export const TextToImageRequestSchema = z.object({
  model: ImageModelIdSchema,
  prompt: z
    .string({ error: V.enterPrompt })
    .trim()
    .min(1, { error: V.enterPrompt, abort: true })
    .max(LIMITS.prompt, { error: V.promptTooLong }),
  negativePrompt: z.string().trim().max(LIMITS.negativePrompt, { error: V.negativePromptTooLong }).optional(),
  /** Omitted by the browser for 'none' (spec §7); 'none' is accepted and means the same. */
  style: ImageStyleSchema.optional(),
  aspectRatio: AspectRatioSchema,
  imageFormat: ImageFormatSchema,
  /** Optional; Regenerate sends back the previous seed. */
  seed: SeedSchema.optional(),
  toolName: ToolNameFieldSchema,
});
export type TextToImageRequest = z.infer<typeof TextToImageRequestSchema>;

export const TextToImageReplySchema = successReply({
  id: z.uuid(),
  /** URL path of the stored image, shown and downloaded by the browser. */
  imagePath: z.string(),
  seed: SeedSchema,
  ...remainingCreditsField,
});
export type TextToImageReply = z.infer<typeof TextToImageReplySchema>;

/** One image of the member's text-to-image gallery. */
export const GalleryImageSchema = z.object({
  id: z.uuid(),
  image_path: z.string(),
  positive_prompt: z.string(),
  model_name: z.string(),
  style: z.string().nullable(),
  image_format: ImageFormatSchema,
  created_at: TimestampSchema,
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

export const GalleryImagesReplySchema = successReply({ images: z.array(GalleryImageSchema) });
export type GalleryImagesReply = z.infer<typeof GalleryImagesReplySchema>;

const effectText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(LIMITS.effectText, { error: V.effectTextTooLong });

/** baby-version, broccoli-haircut, cartoonify, color-correction. */
export const PhotoEffectRequestSchema = z.object({
  image: ImageDataUrlSchema,
  toolName: ToolNameFieldSchema,
});
export type PhotoEffectRequest = z.infer<typeof PhotoEffectRequestSchema>;

export const AgeProgressionRequestSchema = PhotoEffectRequestSchema.extend({
  ageChange: effectText(V.ageChangeRequired),
});
export type AgeProgressionRequest = z.infer<typeof AgeProgressionRequestSchema>;

export const BackgroundChangeRequestSchema = PhotoEffectRequestSchema.extend({
  prompt: effectText(V.backgroundDescriptionRequired),
});
export type BackgroundChangeRequest = z.infer<typeof BackgroundChangeRequestSchema>;

export const ExpressionChangeRequestSchema = PhotoEffectRequestSchema.extend({
  expression: effectText(V.expressionRequired),
});
export type ExpressionChangeRequest = z.infer<typeof ExpressionChangeRequestSchema>;

export const PhotoEffectReplySchema = successReply({
  processedImageUrl: z.string(),
  ...remainingCreditsField,
});
export type PhotoEffectReply = z.infer<typeof PhotoEffectReplySchema>;

/** Hub gallery record (generated_images). */
export const GeneratedImageSchema = z.object({
  id: z.uuid(),
  image_url: z.string(),
  positive_prompt: z.string(),
  tool_type: z.string(),
  created_at: TimestampSchema,
});
export type GeneratedImage = z.infer<typeof GeneratedImageSchema>;

export const GeneratedImagesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.galleryMaxPageSize).default(LIMITS.galleryPageSize),
  tool_type: z.string().max(64).default('image-to-image'),
});
export type GeneratedImagesQuery = z.infer<typeof GeneratedImagesQuerySchema>;

export const GeneratedImagesReplySchema = successReply({ images: z.array(GeneratedImageSchema) });
export type GeneratedImagesReply = z.infer<typeof GeneratedImagesReplySchema>;

/** Browser event fired after a successful image tool run; galleries reload on it (spec §4). */
export const GALLERY_UPDATED_EVENT = 'gallery-updated';

/** One photo effect's endpoint (20 credits, members only by the catalogue). */
function effectEndpoint<const R extends z.ZodType>(path: string, tool: ToolId, request: R) {
  return toolEndpoint({
    method: 'POST',
    path,
    tool,
    bodyLimit: 'image',
    request,
    reply: PhotoEffectReplySchema,
  });
}

/** The image endpoints (spec §7; drafts until the image service is built). */
export const IMAGE_ENDPOINTS = {
  generateImage: toolEndpoint({
    method: 'POST',
    path: '/api/image/text-to-image/generate-image',
    tool: 'text-to-image',
    request: TextToImageRequestSchema,
    reply: TextToImageReplySchema,
  }),
  /** The member's text-to-image gallery. */
  images: endpoint({
    method: 'GET',
    path: '/api/image/text-to-image/images',
    access: 'member',
    reply: GalleryImagesReplySchema,
  }),
  deleteImage: endpoint({
    method: 'DELETE',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: IdParamsSchema,
  }),
  /** Latest hub images (tool type image-to-image), paged by 8. */
  generatedImages: endpoint({
    method: 'GET',
    path: '/api/image/generated-images',
    access: 'member',
    request: GeneratedImagesQuerySchema,
    reply: GeneratedImagesReplySchema,
  }),
  ageProgression: effectEndpoint(
    '/api/image/age-progression',
    'age-progression',
    AgeProgressionRequestSchema,
  ),
  babyVersion: effectEndpoint('/api/image/baby-version', 'baby-version', PhotoEffectRequestSchema),
  backgroundChange: effectEndpoint(
    '/api/image/background-change',
    'background-change',
    BackgroundChangeRequestSchema,
  ),
  cartoonify: effectEndpoint('/api/image/cartoonify', 'cartoonify', PhotoEffectRequestSchema),
  broccoliHaircut: effectEndpoint(
    '/api/image/broccoli-haircut',
    'broccoli-haircut',
    PhotoEffectRequestSchema,
  ),
  colorCorrection: effectEndpoint(
    '/api/image/color-correction',
    'color-correction',
    PhotoEffectRequestSchema,
  ),
  expressionChange: effectEndpoint(
    '/api/image/expression-change',
    'expression-change',
    ExpressionChangeRequestSchema,
  ),
} as const;
