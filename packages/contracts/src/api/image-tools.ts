// Upscale and Edit a region (docs/product-rules.md#upscale, #edit-a-region): each takes a picture either uploaded
// (`image`, a data URL with the image family's size, type and pixel limits) or named (`from`, the id of one of the
// member's own stored images, text-to-image or hub results; anyone else's is a 404), and answers like the photo
// effects: the stored result with its signed URLs.
import { z } from 'zod';
import { toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { ImageDataUrlSchema, ToolNameFieldSchema } from './common';
import { PhotoEffectReplySchema } from './image-effect-reply';

const I = ERROR_TEXTS.image;

/**
 * `from`: any text up to a UUID's length is accepted here, so an id that is not a UUID is one more unknown image (404,
 * like another member's), never a validation error that would tell the two apart.
 */
const FromSchema = z
  .string({ error: () => I.imageOrFromRequired })
  .trim()
  .min(1, { error: () => I.imageOrFromRequired })
  .max(64);

/** Exactly one source: an upload or one of the member's images. */
const sourceFields = {
  image: ImageDataUrlSchema.optional(),
  from: FromSchema.optional(),
};

function oneSource(value: { image?: string | undefined; from?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.image !== undefined && value.from !== undefined) {
    ctx.addIssue({ code: 'custom', message: I.imageAndFromBoth, path: ['from'] });
  } else if (value.image === undefined && value.from === undefined) {
    ctx.addIssue({ code: 'custom', message: I.imageOrFromRequired, path: ['image'] });
  }
}

export const UPSCALE_SCALES = LIMITS.upscaleScales;
export type UpscaleScale = (typeof UPSCALE_SCALES)[number];

export const UpscaleRequestSchema = z
  .object({
    ...sourceFields,
    scale: z.union([z.literal(2), z.literal(4)], { error: () => I.upscaleScaleInvalid }),
    toolName: ToolNameFieldSchema,
  })
  .superRefine(oneSource);
export type UpscaleRequest = z.infer<typeof UpscaleRequestSchema>;

/**
 * How the picture was enlarged: `standard` is the local resize (Lanczos with a mild sharpen, no new detail), `model`
 * fal's upscaling model. The page says which.
 */
export const UpscaleMethodSchema = z.enum(['standard', 'model']);
export type UpscaleMethod = z.infer<typeof UpscaleMethodSchema>;

/** The effects' reply, plus how it was made. */
export const UpscaleReplySchema = PhotoEffectReplySchema.extend({ method: UpscaleMethodSchema });
export type UpscaleReply = z.infer<typeof UpscaleReplySchema>;

export const EditImageRequestSchema = z
  .object({
    ...sourceFields,
    /** White (or opaque) where the picture may change, black (or transparent) where it stays; same size as the image. */
    mask: z
      .string({ error: () => I.editMaskRequired })
      .min(1, { error: () => I.editMaskRequired, abort: true })
      .pipe(ImageDataUrlSchema),
    prompt: z
      .string({ error: () => I.editPromptRequired })
      .trim()
      .min(1, { error: () => I.editPromptRequired, abort: true })
      .max(LIMITS.editPrompt, { error: () => ERROR_TEXTS.validation.promptTooLong }),
    toolName: ToolNameFieldSchema,
  })
  .superRefine(oneSource);
export type EditImageRequest = z.infer<typeof EditImageRequestSchema>;

export const EditImageReplySchema = PhotoEffectReplySchema;
export type EditImageReply = z.infer<typeof EditImageReplySchema>;

export const IMAGE_TOOL_ENDPOINTS = {
  /** Upscale 2× or 4× (5 credits): locally without a provider key, with fal's upscaler with one. */
  upscale: toolEndpoint({
    method: 'POST',
    path: '/api/image/upscale',
    tool: 'upscale',
    bodyLimit: 'image',
    request: UpscaleRequestSchema,
    reply: UpscaleReplySchema,
  }),
  /** Edit a region (20 credits): the picture, a painted mask of the same size and what to paint there. */
  editImage: toolEndpoint({
    method: 'POST',
    path: '/api/image/edit',
    tool: 'edit-image',
    // Two images (the picture and its mask), each up to the image limit: the larger body class.
    bodyLimit: 'chatAttachments',
    request: EditImageRequestSchema,
    reply: EditImageReplySchema,
  }),
} as const;
