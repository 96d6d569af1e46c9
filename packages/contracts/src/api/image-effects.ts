// The seven photo effects (docs/product-rules.md#endpoints): their requests, failure texts and download names, and
// the hub gallery of their results (generated_images, which Upscale and Edit a region fill too). Part of the image
// family (image.ts).
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import {
  GeneratedImageToolIdSchema,
  type GeneratedImageToolId,
  type PhotoEffectToolId,
  type ToolId,
} from '../tools';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { PhotoEffectReplySchema } from './image-effect-reply';
import { boardFilterField, GalleryImageParamsSchema } from './text-to-image';
import { ImageDataUrlSchema, successReply, TimestampSchema, ToolNameFieldSchema } from './common';

const V = ERROR_TEXTS.validation;

const effectText = (required: () => string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(LIMITS.effectText, { error: () => V.effectTextTooLong });

/** baby-version, broccoli-haircut, cartoonify, color-correction. */
export const PhotoEffectRequestSchema = z.object({
  image: ImageDataUrlSchema,
  toolName: ToolNameFieldSchema,
});
export type PhotoEffectRequest = z.infer<typeof PhotoEffectRequestSchema>;

export const AgeProgressionRequestSchema = PhotoEffectRequestSchema.extend({
  ageChange: effectText(() => V.ageChangeRequired),
});
export type AgeProgressionRequest = z.infer<typeof AgeProgressionRequestSchema>;

export const BackgroundChangeRequestSchema = PhotoEffectRequestSchema.extend({
  prompt: effectText(() => V.backgroundDescriptionRequired),
});
export type BackgroundChangeRequest = z.infer<typeof BackgroundChangeRequestSchema>;

export const ExpressionChangeRequestSchema = PhotoEffectRequestSchema.extend({
  expression: effectText(() => V.expressionRequired),
});
export type ExpressionChangeRequest = z.infer<typeof ExpressionChangeRequestSchema>;

export { PhotoEffectReplySchema, type PhotoEffectReply } from './image-effect-reply';

/** The tool type of every photo-effect result in generated_images (docs/product-rules.md#endpoints). */
export const IMAGE_TO_IMAGE_TOOL_TYPE = 'image-to-image';

/**
 * The download file name of a photo-effect result (spec: tool-name-timestamp.jpg, expression-change-{timestamp}.jpg);
 * `at` is the result's creation time, written as milliseconds since 1970. Results are stored as JPEG.
 */
export function effectDownloadName(tool: GeneratedImageToolId, at: Date | string): string {
  return `${tool}-${new Date(at).getTime()}.jpg`;
}

const N = ERROR_TEXTS.network;
/**
 * docs/product-rules.md#errors: the text of a failed run of each effect (the server answers it too, with nothing
 * charged).
 */
export const PHOTO_EFFECT_FAILED_TEXTS: Readonly<Record<PhotoEffectToolId, string>> = {
  'age-progression': N.processAgeProgression,
  'baby-version': N.processBabyVersion,
  'background-change': N.processBackgroundChange,
  cartoonify: N.processCartoonify,
  'broccoli-haircut': N.processBroccoliHaircut,
  'color-correction': N.processColorCorrection,
  'expression-change': N.processExpressionChange,
};

/** Hub gallery record (generated_images): the spec's fields plus ours. */
export const GeneratedImageSchema = z.object({
  id: z.uuid(),
  /** Signed URL of the result (minted per reply, short-lived). */
  image_url: z.string(),
  /** The member's text (age change, background, expression), or the tool's name for the effects without one. */
  positive_prompt: z.string(),
  tool_type: z.string(),
  created_at: TimestampSchema,
  /** Ours: the tool that made it (an effect, Upscale or Edit a region). */
  tool_id: GeneratedImageToolIdSchema,
  /** Ours: signed URL of the 320 px WebP thumbnail shown in the grid. */
  thumbnail_url: z.string(),
  /** Ours: signed URL that downloads the result as an attachment (effectDownloadName). */
  download_url: z.string(),
  /** Ours: signed URL of the stored input as the effect saw it (upright): the result's "before". */
  original_url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type GeneratedImage = z.infer<typeof GeneratedImageSchema>;

/** The spec's offset pages of 8, newest first; only the member's own results. */
export const GeneratedImagesQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(LIMITS.galleryMaxPageSize).default(LIMITS.galleryPageSize),
  tool_type: z.literal(IMAGE_TO_IMAGE_TOOL_TYPE).default(IMAGE_TO_IMAGE_TOOL_TYPE),
  ...boardFilterField,
});
export type GeneratedImagesQuery = z.infer<typeof GeneratedImagesQuerySchema>;

/** `hasMore` (ours) tells whether another page follows, so the end text shows without one more empty call. */
export const GeneratedImagesReplySchema = successReply({
  images: z.array(GeneratedImageSchema),
  hasMore: z.boolean(),
});
export type GeneratedImagesReply = z.infer<typeof GeneratedImagesReplySchema>;

/** Ours: one of the member's photo-effect results with freshly signed URLs (another member's answers 404). */
export const GeneratedImageReplySchema = successReply({ image: GeneratedImageSchema });
export type GeneratedImageReply = z.infer<typeof GeneratedImageReplySchema>;

/** One photo effect's endpoint (20 credits, members only by the catalogue). */
function effectEndpoint<const T extends ToolId, const R extends z.ZodType>(
  path: string,
  tool: T,
  request: R,
) {
  return toolEndpoint({
    method: 'POST',
    path,
    tool,
    bodyLimit: 'image',
    request,
    reply: PhotoEffectReplySchema,
  });
}

/** The hub gallery and the seven effects (IMAGE_ENDPOINTS holds them with the rest). */
export const PHOTO_EFFECT_ENDPOINTS = {
  /** Latest hub images (tool type image-to-image), paged by 8. */
  generatedImages: endpoint({
    method: 'GET',
    path: '/api/image/generated-images',
    access: 'member',
    request: GeneratedImagesQuerySchema,
    reply: GeneratedImagesReplySchema,
  }),
  /** Ours: one of the member's hub results, re-signed (a page left open past the URLs' lifetime reloads it). */
  generatedImage: endpoint({
    method: 'GET',
    path: '/api/image/generated-images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    reply: GeneratedImageReplySchema,
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
