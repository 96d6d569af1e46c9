// The picture Upscale and Edit a region work on: an upload (a data URL checked like every image upload: type, 10 MB,
// the pixel cap, whole) or `from`, the id of one of the member's own stored images (a text-to-image result or a hub
// result). Anyone else's id, or one that does not exist, is the same 404. Either way it comes back upright.
import { ErrorCode } from '@act/contracts';
import { isAppError } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import {
  openImage,
  readImageDataUrl,
  sniffImageType,
  uprightImage,
  type ImageInput,
} from '@act/service-kit/media';
import type { ImageStore } from '../db/image-store';
import type { GeneratedImageStore } from '../db/generated-image-store';

export interface SourceStores {
  images: ImageStore;
  generated: GeneratedImageStore;
  files: ObjectStore;
}

export interface SourceRequest {
  image?: string | undefined;
  from?: string | undefined;
}

/** The object key of the member's stored image `id`: a gallery image first, then a hub result; else a 404. */
async function ownedImageKey(stores: SourceStores, userId: string, id: string): Promise<string> {
  try {
    return (await stores.images.find(userId, id)).image_key;
  } catch (error) {
    if (!isAppError(error) || error.code !== ErrorCode.NOT_FOUND) throw error;
    return (await stores.generated.find(userId, id)).image_key;
  }
}

/** The picture, checked and upright; the schema has made sure exactly one of `image` and `from` is given. */
export async function readSourceImage(
  stores: SourceStores,
  userId: string,
  { image, from }: SourceRequest,
): Promise<ImageInput> {
  if (image !== undefined) return uprightImage(await readImageDataUrl(image));
  const bytes = await stores.files.read(await ownedImageKey(stores, userId, from ?? ''));
  const mime = sniffImageType(bytes);
  if (!mime) throw new Error('a stored image is not a PNG, JPEG or WebP');
  const { width, height } = (await openImage(bytes).metadata()).autoOrient;
  return uprightImage({ bytes, mime, width, height });
}
