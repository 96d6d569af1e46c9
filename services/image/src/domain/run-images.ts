// The files of a text-to-image run: each provider image converted to the format asked for at exactly the aspect
// ratio's size (the stored file really is that format), with its thumbnail, and all of them stored under ids of their
// own before the run's rows are written (text-to-image.ts).
import { ERROR_TEXTS, ErrorCode, type ImageFormat, type TextToImageRequest } from '@act/contracts';
import { AppError, type Logger } from '@act/service-kit';
import { storeWithRecord, type ObjectStore, type StoredObject } from '@act/service-kit/files';
import { makeThumbnail, openImage } from '@act/service-kit/media';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The provider's image at exactly `width`×`height`, in the format asked for (the stored file really is it). */
export async function convertImage(
  bytes: Buffer,
  format: ImageFormat,
  width: number,
  height: number,
): Promise<Buffer> {
  const sized = openImage(bytes).rotate().resize(width, height, { fit: 'cover', position: 'attention' });
  if (format === 'png') return sized.png({ compressionLevel: 6 }).toBuffer();
  if (format === 'jpg')
    return sized.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  return sized.webp({ quality: 90 }).toBuffer();
}

/** Each provider image in the format and size asked for, with its thumbnail; an unreadable one fails the run. */
export async function convertAll(
  images: readonly Buffer[],
  input: TextToImageRequest,
  aspect: { width: number; height: number },
  logger: Logger,
): Promise<Array<[Buffer, Buffer]>> {
  const made: Array<[Buffer, Buffer]> = [];
  try {
    for (const bytes of images) {
      const image = await convertImage(bytes, input.imageFormat, aspect.width, aspect.height);
      made.push([image, await makeThumbnail(image)]);
    }
  } catch (error) {
    logger.warn({ err: error, model: input.model }, 'the provider returned an unreadable image');
    throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.ui.generateImageRetry, { cause: error });
  }
  return made;
}

export interface StoredImageFiles {
  id: string;
  /** The image, then its thumbnail. */
  keys: StoredObject[];
}

/**
 * Stores each image and its thumbnail under an id of its own, then runs `record` with them all; when anything fails,
 * the objects stored so far are deleted (each level of storeWithRecord deletes its own).
 */
export function storeImages<T>(
  at: { files: ObjectStore; userId: string; logger: Logger; format: ImageFormat },
  images: ReadonlyArray<readonly [Buffer, Buffer]>,
  record: (stored: StoredImageFiles[]) => Promise<T>,
  stored: StoredImageFiles[] = [],
): Promise<T> {
  const [next, ...rest] = images;
  if (!next) return record(stored);
  return storeWithRecord(
    at.files,
    at.userId,
    [
      { body: next[0], contentType: CONTENT_TYPES[at.format], ext: at.format },
      { body: next[1], contentType: 'image/webp', ext: 'webp', suffix: '.thumb' },
    ],
    (id, keys) => storeImages(at, rest, record, [...stored, { id, keys }]),
    (keys, err) => at.logger.warn({ err, keys }, 'orphaned image objects'),
  );
}
