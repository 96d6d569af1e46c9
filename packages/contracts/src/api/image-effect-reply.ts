// The reply of every tool that stores one picture made from the member's (the photo effects, Upscale, Edit a region):
// its own module so image-effects.ts and image-tools.ts share it without importing each other.
import { z } from 'zod';
import { remainingCreditsField, successReply } from './common';

export const PhotoEffectReplySchema = successReply({
  /** Signed URL (short-lived, same origin) of the stored result, a JPEG. */
  processedImageUrl: z.string(),
  ...remainingCreditsField,
  /** Ours: the generated_images id of the result. */
  id: z.uuid(),
  /** Ours: signed URL of the stored input as the effect saw it (upright), the Before of the comparison. */
  originalImageUrl: z.string(),
  /** Ours: signed URL that downloads the result as an attachment named by effectDownloadName. */
  downloadUrl: z.string(),
  /** Ours: the result's size in pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type PhotoEffectReply = z.infer<typeof PhotoEffectReplySchema>;
