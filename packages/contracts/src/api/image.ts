// Image service contracts (docs/product-rules.md#endpoints): text to image with its gallery, the photo effects and
// the hub gallery.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import {
  GeneratedImageToolIdSchema,
  type GeneratedImageToolId,
  type PhotoEffectToolId,
  type ToolId,
} from '../tools';
import { ERROR_TEXTS, ErrorCodeSchema } from '../errors';
import { LIMITS } from '../limits';
import {
  AspectRatioSchema,
  ImageFormatSchema,
  ImageModelIdSchema,
  ImageStyleSchema,
  type ImageFormat,
} from '../options';
import { cursorPage, cursorQuery } from './pagination';
import { PhotoEffectReplySchema } from './image-effect-reply';
import { IMAGE_TOOL_ENDPOINTS, UpscaleMethodSchema } from './image-tools';
import {
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
  /** Omitted by the browser for 'none' (docs/product-rules.md#endpoints); 'none' is accepted and means the same. */
  style: ImageStyleSchema.optional(),
  aspectRatio: AspectRatioSchema,
  imageFormat: ImageFormatSchema,
  /** Optional; Regenerate sends back the previous seed. */
  seed: SeedSchema.optional(),
  /** Images made by this run, 1 to 4, each charged as one use (docs/product-rules.md#images-per-run). */
  numImages: z
    .number({ error: ERROR_TEXTS.image.numImagesInvalid })
    .int({ error: ERROR_TEXTS.image.numImagesInvalid })
    .min(1, { error: ERROR_TEXTS.image.numImagesInvalid })
    .max(LIMITS.imagesPerRunMax, { error: ERROR_TEXTS.image.numImagesInvalid })
    .optional(),
  toolName: ToolNameFieldSchema,
});
export type TextToImageRequest = z.infer<typeof TextToImageRequestSchema>;

/** Ours: the size and type of a stored text-to-image result (the spec's payload has only imagePath and seed). */
const storedImageFields = {
  /** Signed URL (short-lived, same origin) of the stored image in the requested format. */
  imagePath: z.string(),
  /** Signed URL of the 320 px WebP thumbnail shown in lists. */
  thumbnailPath: z.string(),
  /** Signed URL that downloads the image as an attachment named by textToImageDownloadName. */
  downloadPath: z.string(),
  seed: SeedSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  imageFormat: ImageFormatSchema,
};

/** One stored image of a run (each its own gallery item). */
export const RunImageSchema = z.object({ id: z.uuid(), ...storedImageFields });
export type RunImage = z.infer<typeof RunImageSchema>;

/**
 * The first image's fields at the top (the spec's reply) and, ours, `images`: every image the run stored, in order
 * (fewer than asked for when the provider returned fewer; those were not charged).
 */
const runReplyFields = {
  id: z.uuid(),
  ...storedImageFields,
  images: z.array(RunImageSchema).min(1),
};

export const TextToImageReplySchema = successReply({
  ...runReplyFields,
  ...remainingCreditsField,
});
export type TextToImageReply = z.infer<typeof TextToImageReplySchema>;

/**
 * The download file name of a text-to-image result: the spec's `image-{id}` with the extension of the format the
 * file really is (the spec's `.jpg` would mislabel PNG and WebP files).
 */
export function textToImageDownloadName(id: string, format: ImageFormat): string {
  return `image-${id}.${format}`;
}

/** One image of the member's text-to-image gallery: the spec's fields plus ours (settings, thumbnail, favourite). */
export const GalleryImageSchema = z.object({
  id: z.uuid(),
  /** Signed URL of the image (minted per reply, short-lived: lists are re-fetched). */
  image_path: z.string(),
  /** Ours: signed URL of the 320 px WebP thumbnail. */
  thumbnail_path: z.string(),
  /** Ours: signed URL that downloads the image as an attachment (textToImageDownloadName). */
  download_path: z.string(),
  positive_prompt: z.string(),
  /** Ours: the negative prompt sent, null when none. */
  negative_prompt: z.string().nullable(),
  /** The model's id (IMAGE_MODELS names its label). */
  model_name: ImageModelIdSchema,
  /** null when no style was applied ('none'). */
  style: ImageStyleSchema.nullable(),
  aspect_ratio: AspectRatioSchema,
  image_format: ImageFormatSchema,
  seed: SeedSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  favourite: z.boolean(),
  created_at: TimestampSchema,
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/** The gallery shows 8 at a time (docs/product-rules.md#costs-and-limits); a request may ask for up to 50. */
export const GALLERY_PAGE = {
  pageSize: LIMITS.galleryPageSize,
  maxPageSize: LIMITS.galleryMaxPageSize,
} as const;
export const GALLERY_SEARCH_MAX = 200;

/**
 * Ours: `?board=<id>` on either gallery list keeps the images on one of the member's boards
 * (docs/product-rules.md#image-boards); another member's board answers 404 like an unknown one.
 */
const boardFilter = { board: z.string().min(1).max(64).optional() };

/**
 * `?cursor=&limit=&q=&model=&favourites=`: one page of the member's images, newest first. `q` searches the prompt
 * (server-side, case-insensitive), `model` keeps one model's images, `favourites=true` only favourites.
 */
export const GalleryImagesQuerySchema = cursorQuery(GALLERY_PAGE).extend({
  q: z.string().trim().max(GALLERY_SEARCH_MAX).optional(),
  model: ImageModelIdSchema.optional(),
  favourites: z.stringbool().optional(),
  ...boardFilter,
});
export type GalleryImagesQuery = z.infer<typeof GalleryImagesQuerySchema>;

/** `{success, images, next_cursor}`; next_cursor is null on the last page. */
export const GalleryImagesReplySchema = cursorPage(GalleryImageSchema, 'images');
export type GalleryImagesReply = z.infer<typeof GalleryImagesReplySchema>;

/**
 * `:id` of a gallery image. Any text up to a UUID's length is accepted here: an id that is not a UUID is one more
 * unknown image (404, like another member's), never a validation error that would tell the two apart.
 */
export const GalleryImageParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PATCH an image: mark or unmark it as a favourite. */
export const UpdateGalleryImageRequestSchema = z.object({
  favourite: z.boolean({ error: V.invalidRequest }),
});
export type UpdateGalleryImageRequest = z.infer<typeof UpdateGalleryImageRequestSchema>;

export const UpdateGalleryImageReplySchema = successReply({ image: GalleryImageSchema });
export type UpdateGalleryImageReply = z.infer<typeof UpdateGalleryImageReplySchema>;

export const DeleteGalleryImageReplySchema = successReply({});
export type DeleteGalleryImageReply = z.infer<typeof DeleteGalleryImageReplySchema>;

/**
 * GET /api/image/status: whether text to image can generate (a provider key is configured), shown before the member
 * types; `effects` tells, per photo-effect tool id, whether it can run (with a key all can, without one only those
 * done locally).
 */
export const ImageStatusReplySchema = successReply({
  available: z.boolean(),
  effects: z.record(z.string(), z.boolean()).optional(),
  /** Ours: how Upscale enlarges here (`standard` without a provider key), and whether Edit a region can run. */
  upscale: UpscaleMethodSchema.optional(),
  editImage: z.boolean().optional(),
});
export type ImageStatusReply = z.infer<typeof ImageStatusReplySchema>;

/**
 * Streamed generation (Accept: text/event-stream): `progress` events while the provider queues and renders the
 * image, then `done` with the reply's fields or `error` with the spec's text (nothing charged). `percentage` is
 * present only when the provider reports one.
 */
export const TextToImageProgressEventSchema = z.object({
  type: z.literal('progress'),
  status: z.enum(['IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']),
  /** Requests ahead of this one in the provider's queue. */
  queuePosition: z.number().int().nonnegative().optional(),
  percentage: z.number().min(0).max(100).optional(),
});
export const TextToImageDoneEventSchema = z.object({
  type: z.literal('done'),
  ...runReplyFields,
  remainingCredits: z.number().int().nonnegative().nullable(),
});
export const TextToImageErrorEventSchema = z.object({
  type: z.literal('error'),
  error: z.string(),
  code: ErrorCodeSchema,
  remainingCredits: z.number().int().nonnegative().nullable().optional(),
});
export const TextToImageStreamEventSchema = z.discriminatedUnion('type', [
  TextToImageProgressEventSchema,
  TextToImageDoneEventSchema,
  TextToImageErrorEventSchema,
]);
export type TextToImageStreamEvent = z.infer<typeof TextToImageStreamEventSchema>;
export type TextToImageProgressEvent = z.infer<typeof TextToImageProgressEventSchema>;
export type TextToImageDoneEvent = z.infer<typeof TextToImageDoneEventSchema>;

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
  ...boardFilter,
});
export type GeneratedImagesQuery = z.infer<typeof GeneratedImagesQuerySchema>;

/** `has_more` (ours) tells whether another page follows, so the end text shows without one more empty call. */
export const GeneratedImagesReplySchema = successReply({
  images: z.array(GeneratedImageSchema),
  has_more: z.boolean(),
});
export type GeneratedImagesReply = z.infer<typeof GeneratedImagesReplySchema>;

/** Ours: one of the member's photo-effect results with freshly signed URLs (another member's answers 404). */
export const GeneratedImageReplySchema = successReply({ image: GeneratedImageSchema });
export type GeneratedImageReply = z.infer<typeof GeneratedImageReplySchema>;

/** Browser event fired after a successful image tool run; galleries reload on it (docs/product-rules.md#states). */
export const GALLERY_UPDATED_EVENT = 'gallery-updated';

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

/**
 * The image endpoints (docs/product-rules.md#endpoints). Text to image streams progress when asked for
 * text/event-stream.
 */
export const IMAGE_ENDPOINTS = {
  generateImage: toolEndpoint({
    method: 'POST',
    path: '/api/image/text-to-image/generate-image',
    tool: 'text-to-image',
    request: TextToImageRequestSchema,
    reply: TextToImageReplySchema,
    events: TextToImageStreamEventSchema,
  }),
  /** The member's text-to-image gallery, newest first, by cursor. */
  images: endpoint({
    method: 'GET',
    path: '/api/image/text-to-image/images',
    access: 'member',
    request: GalleryImagesQuerySchema,
    reply: GalleryImagesReplySchema,
  }),
  /** Ours: mark or unmark one of the member's images as a favourite. */
  updateImage: endpoint({
    method: 'PATCH',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    request: UpdateGalleryImageRequestSchema,
    reply: UpdateGalleryImageReplySchema,
  }),
  /** Deletes one of the member's images and its stored files. */
  deleteImage: endpoint({
    method: 'DELETE',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    reply: DeleteGalleryImageReplySchema,
  }),
  /** Whether text to image (and each photo effect) can run; public, so a tool page can say so at once. */
  status: endpoint({
    method: 'GET',
    path: '/api/image/status',
    access: 'public',
    reply: ImageStatusReplySchema,
  }),
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
  ...IMAGE_TOOL_ENDPOINTS,
} as const;
