// Storing one result made from the member's picture (a photo effect, Upscale, Edit a region): the picture as the tool
// saw it (upright), the result (JPEG) and its thumbnail go to the object store, then the generated_images row and the
// charge's commit are written in one transaction (outbox), so the member is charged exactly when the hub gallery has
// the result. A failure deletes the objects already stored. Below, how a stored result is shown (its signed URLs) and
// the provider's picture brought to the stored form.
import {
  effectDownloadName,
  type GeneratedImage,
  type GeneratedImageToolId,
  type PhotoEffectReply,
} from '@act/contracts';
import type { Charge, CreationAnnouncer, Logger, Outbox } from '@act/service-kit';
import { storeWithRecord, type ObjectStore } from '@act/service-kit/files';
import { makeThumbnail, openImage, type ImageInput, type ImageMime } from '@act/service-kit/media';
import type { GeneratedImageRecord, GeneratedImageStore } from '../db/generated-image-store';
import { generatedImageCreation } from './creations';
import { RESULT_JPEG_QUALITY, type EffectResult } from '../providers/local-effects';

const EXTENSIONS: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

export interface StoreResultDeps {
  store: GeneratedImageStore;
  files: ObjectStore;
  outbox: Outbox;
  creations: CreationAnnouncer;
  logger: Logger;
}

export interface ResultToStore {
  userId: string;
  tool: GeneratedImageToolId;
  /** The member's text, or the tool's name for tools without one. */
  positivePrompt: string;
  /** The picture the tool worked on, kept as the Before of the comparison. */
  input: ImageInput;
  result: EffectResult;
  charge: Charge;
}

export async function storeResult(
  deps: StoreResultDeps,
  { userId, tool, positivePrompt, input, result, charge }: ResultToStore,
): Promise<GeneratedImageRecord> {
  const thumbnail = await makeThumbnail(result.bytes);
  return storeWithRecord(
    deps.files,
    userId,
    [
      { body: input.bytes, contentType: input.mime, ext: EXTENSIONS[input.mime], suffix: '.input' },
      { body: result.bytes, contentType: 'image/jpeg', ext: 'jpg' },
      { body: thumbnail, contentType: 'image/webp', ext: 'webp', suffix: '.thumb' },
    ],
    (id, [original, stored, thumb]) =>
      deps.store.transaction(async (tx) => {
        const row = await tx.insert({
          id,
          user_id: userId,
          tool_id: tool,
          positive_prompt: positivePrompt,
          image_key: stored!.key,
          thumbnail_key: thumb!.key,
          original_key: original!.key,
          width: result.width,
          height: result.height,
        });
        await tx.commitCharge(charge, deps.outbox);
        await tx.announce(deps.creations, generatedImageCreation(row));
        return row;
      }),
    (keys, err) => deps.logger.warn({ err, keys, tool }, 'orphaned result objects'),
  );
}

/** The reply of a stored result (the effects', Upscale's and Edit a region's): its signed URLs and the balance. */
export function resultReplyOf(
  files: ObjectStore,
  record: GeneratedImageRecord,
  charge: Charge,
): Omit<PhotoEffectReply, 'success'> {
  const reply = generatedImageOf(files, record);
  return {
    id: record.id,
    processedImageUrl: reply.image_url,
    originalImageUrl: files.signedUrl(record.original_key),
    downloadUrl: reply.download_url,
    width: record.width,
    height: record.height,
    remainingCredits: charge.remainingCredits,
  };
}

/** One hub gallery record, with URLs signed for this reply. */
export function generatedImageOf(files: ObjectStore, record: GeneratedImageRecord): GeneratedImage {
  return {
    id: record.id,
    image_url: files.signedUrl(record.image_key),
    positive_prompt: record.positive_prompt,
    tool_type: record.tool_type,
    created_at: record.created_at.toISOString(),
    tool_id: record.tool_id,
    thumbnail_url: files.signedUrl(record.thumbnail_key),
    download_url: files.signedUrl(record.image_key, {
      download: effectDownloadName(record.tool_id, record.created_at),
    }),
    original_url: files.signedUrl(record.original_key),
    width: record.width,
    height: record.height,
  };
}

/** The provider's picture as a JPEG of exactly the input's size (the before/after comparison lines up). */
export async function toResultJpeg(bytes: Buffer, width: number, height: number): Promise<EffectResult> {
  const out = await openImage(bytes)
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return { bytes: out, width, height };
}
