// Text to image (docs/product-rules.md#endpoints): the generation's request, its reply and streamed events, and the
// member's text-to-image gallery (pages by cursor, favourites, delete). Part of the image family (image.ts).
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import {
  AspectRatioSchema,
  ImageFormatSchema,
  ImageModelIdSchema,
  ImageStyleSchema,
  type ImageFormat,
} from '../options';
import { cursorPage, cursorQuery } from './pagination';
import {
  remainingCreditsField,
  successReply,
  TimestampSchema,
  ToolNameFieldSchema,
  ToolStreamErrorEventSchema,
} from './common';

const V = ERROR_TEXTS.validation;

export const SeedSchema = z
  .number({ error: () => V.seedInvalid })
  .int({ error: () => V.seedInvalid })
  .min(0, { error: () => V.seedInvalid })
  .max(LIMITS.seedMax, { error: () => V.seedInvalid });

export const TextToImageRequestSchema = z.object({
  model: ImageModelIdSchema,
  prompt: z
    .string({ error: () => V.enterPrompt })
    .trim()
    .min(1, { error: () => V.enterPrompt, abort: true })
    .max(LIMITS.prompt, { error: () => V.promptTooLong }),
  negativePrompt: z
    .string()
    .trim()
    .max(LIMITS.negativePrompt, { error: () => V.negativePromptTooLong })
    .optional(),
  /** Omitted by the browser for 'none' (docs/product-rules.md#endpoints); 'none' is accepted and means the same. */
  style: ImageStyleSchema.optional(),
  aspectRatio: AspectRatioSchema,
  imageFormat: ImageFormatSchema,
  /** Optional; Regenerate sends back the previous seed. */
  seed: SeedSchema.optional(),
  /** Images made by this run, 1 to 4, each charged as one use (docs/product-rules.md#images-per-run). */
  numImages: z
    .number({ error: () => ERROR_TEXTS.image.numImagesInvalid })
    .int({ error: () => ERROR_TEXTS.image.numImagesInvalid })
    .min(1, { error: () => ERROR_TEXTS.image.numImagesInvalid })
    .max(LIMITS.imagesPerRunMax, { error: () => ERROR_TEXTS.image.numImagesInvalid })
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
export const boardFilterField = { board: z.string().min(1).max(64).optional() };

/**
 * `?cursor=&limit=&q=&model=&favourites=`: one page of the member's images, newest first. `q` searches the prompt
 * (server-side, case-insensitive), `model` keeps one model's images, `favourites=true` only favourites.
 */
export const GalleryImagesQuerySchema = cursorQuery(GALLERY_PAGE).extend({
  q: z.string().trim().max(GALLERY_SEARCH_MAX).optional(),
  model: ImageModelIdSchema.optional(),
  favourites: z.stringbool().optional(),
  ...boardFilterField,
});
export type GalleryImagesQuery = z.infer<typeof GalleryImagesQuerySchema>;

/** `{success, images, nextCursor}`; nextCursor is null on the last page. */
export const GalleryImagesReplySchema = cursorPage(GalleryImageSchema, 'images');
export type GalleryImagesReply = z.infer<typeof GalleryImagesReplySchema>;

/**
 * `:id` of a gallery image. Any text up to a UUID's length is accepted here: an id that is not a UUID is one more
 * unknown image (404, like another member's), never a validation error that would tell the two apart.
 */
export const GalleryImageParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** PATCH an image: mark or unmark it as a favourite. */
export const UpdateGalleryImageRequestSchema = z.object({
  favourite: z.boolean({ error: () => V.invalidRequest }),
});
export type UpdateGalleryImageRequest = z.infer<typeof UpdateGalleryImageRequestSchema>;

export const UpdateGalleryImageReplySchema = successReply({ image: GalleryImageSchema });
export type UpdateGalleryImageReply = z.infer<typeof UpdateGalleryImageReplySchema>;

export const DeleteGalleryImageReplySchema = successReply({});
export type DeleteGalleryImageReply = z.infer<typeof DeleteGalleryImageReplySchema>;

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
export const TextToImageErrorEventSchema = ToolStreamErrorEventSchema;
export const TextToImageStreamEventSchema = z.discriminatedUnion('type', [
  TextToImageProgressEventSchema,
  TextToImageDoneEventSchema,
  TextToImageErrorEventSchema,
]);
export type TextToImageStreamEvent = z.infer<typeof TextToImageStreamEventSchema>;
export type TextToImageProgressEvent = z.infer<typeof TextToImageProgressEventSchema>;
export type TextToImageDoneEvent = z.infer<typeof TextToImageDoneEventSchema>;

/** Text to image and the member's gallery of its results (IMAGE_ENDPOINTS holds them with the rest). */
export const TEXT_TO_IMAGE_ENDPOINTS = {
  generateImage: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.generateImage,
    method: 'POST',
    path: '/api/image/text-to-image/generate-image',
    tool: 'text-to-image',
    request: TextToImageRequestSchema,
    reply: TextToImageReplySchema,
    events: TextToImageStreamEventSchema,
  }),
  /** The member's text-to-image gallery, newest first, by cursor. */
  images: endpoint({
    failureText: () => ERROR_TEXTS.network.fetchImages,
    method: 'GET',
    path: '/api/image/text-to-image/images',
    access: 'member',
    request: GalleryImagesQuerySchema,
    reply: GalleryImagesReplySchema,
  }),
  /** Ours: one of the member's images, re-signed (Text to Image reopens it from the library's `?open=<id>`). */
  image: endpoint({
    method: 'GET',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    reply: UpdateGalleryImageReplySchema,
  }),
  /** Ours: mark or unmark one of the member's images as a favourite. */
  updateImage: endpoint({
    failureText: () => ERROR_TEXTS.image.updateImage,
    method: 'PATCH',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    request: UpdateGalleryImageRequestSchema,
    reply: UpdateGalleryImageReplySchema,
  }),
  /** Deletes one of the member's images and its stored files. */
  deleteImage: endpoint({
    failureText: () => ERROR_TEXTS.image.deleteImage,
    method: 'DELETE',
    path: '/api/image/text-to-image/images/:id',
    access: 'member',
    params: GalleryImageParamsSchema,
    reply: DeleteGalleryImageReplySchema,
  }),
} as const;
