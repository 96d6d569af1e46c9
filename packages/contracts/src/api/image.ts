// Image service contracts (docs/product-rules.md#endpoints), one module per part: text to image with its gallery
// (text-to-image.ts), the photo effects and the hub gallery (image-effects.ts), Upscale and Edit a region
// (image-tools.ts), boards (image-boards.ts). Here the service's status and IMAGE_ENDPOINTS, the family's one table.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PHOTO_EFFECT_ENDPOINTS } from './image-effects';
import { IMAGE_TOOL_ENDPOINTS, UpscaleMethodSchema } from './image-tools';
import { TEXT_TO_IMAGE_ENDPOINTS } from './text-to-image';
import { successReply } from './common';

export * from './text-to-image';
export * from './image-effects';

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

/** Browser event fired after a successful image tool run; galleries reload on it (docs/product-rules.md#states). */
export const GALLERY_UPDATED_EVENT = 'gallery-updated';

/**
 * The image endpoints (docs/product-rules.md#endpoints). Text to image streams progress when asked for
 * text/event-stream.
 */
export const IMAGE_ENDPOINTS = {
  ...TEXT_TO_IMAGE_ENDPOINTS,
  /** Whether text to image (and each photo effect) can run; public, so a tool page can say so at once. */
  status: endpoint({
    method: 'GET',
    path: '/api/image/status',
    access: 'public',
    reply: ImageStatusReplySchema,
  }),
  ...PHOTO_EFFECT_ENDPOINTS,
  ...IMAGE_TOOL_ENDPOINTS,
} as const;
