// Uploaded images (docs/product-rules.md#validation): PNG, JPEG or WebP proven by the magic bytes, at most 10 MB, at
// most about 40 MP read from the header before any pixel is decoded, and fully decodable, all before credits are
// reserved. Also the one way to open an image with sharp in this repo (`openImage`), so every decode runs under the
// same pixel limit.
import sharp, { type Sharp, type SharpInput, type SharpOptions } from 'sharp';
import { ERROR_TEXTS, LIMITS, type ImageUploadType } from '@act/contracts';
import { invalidUpload, readTypedDataUrl, type UploadRules } from './data-url';
import { hasAsciiAt, hasBytesAt } from './magic-bytes';

/** Edge of the thumbnail the decode check renders: small, so the check costs little beyond reading every byte. */
const DECODE_CHECK_EDGE = 64;

/** The upload types of contracts' IMAGE_UPLOAD_TYPES, each proven below by its magic bytes. */
export type ImageMime = ImageUploadType;

/** Image bytes that passed validation; `mime` comes from the magic bytes, never from the client's label. */
export interface ImageInput {
  bytes: Buffer;
  mime: ImageMime;
  /** Sizes as people see the picture, after its EXIF orientation. */
  width: number;
  height: number;
}

/**
 * sharp with the repo's limits. `limitInputPixels` makes libvips refuse to decode more than `LIMITS.imagePixels`
 * (sharp's own default is ~268 MP, about 1 GB of RAM for one request). `failOn: 'error'` stops on truncated or
 * corrupt data yet accepts the harmless warnings many camera JPEGs carry; validation and the tools decode under the
 * same setting, so an image that passed validation never fails later in a tool. Call this instead of `sharp()`:
 * lint refuses `sharp` imports anywhere else.
 */
export function openImage(input?: SharpInput, options: Omit<SharpOptions, 'limitInputPixels'> = {}): Sharp {
  return sharp(input, { failOn: 'error', ...options, limitInputPixels: LIMITS.imagePixels });
}

/** The image type proven by the file's first bytes, or undefined for anything else (GIF, SVG, text, ...). */
export function sniffImageType(bytes: Uint8Array): ImageMime | undefined {
  if (hasBytesAt(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (hasBytesAt(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (hasAsciiAt(bytes, 0, 'RIFF') && hasAsciiAt(bytes, 8, 'WEBP')) return 'image/webp';
  return undefined;
}

export interface ImageRules {
  /** `details.field` of the refusal; defaults to 'image'. */
  field?: string;
  /** The spec's "not an image" text; defaults to the image tools' one (chat attachments have their own). */
  invalidText?: string;
}

/**
 * Decodes and checks an image data URL. Throws a 400 AppError with the spec's text when the image is too large
 * ('Image file size must be less than 10MB'), or is not a real, whole PNG, JPEG or WebP of at most
 * `LIMITS.imagePixels` ('Please select a valid image file (PNG, JPG, JPEG, WebP)'). Runs before any credits are
 * reserved, so a bad upload never costs anything and never turns into a 502 after charging.
 */
export async function readImageDataUrl(dataUrl: string, rules: ImageRules = {}): Promise<ImageInput> {
  const upload: UploadRules = {
    field: rules.field ?? 'image',
    maxBytes: LIMITS.imageBytes,
    invalidText: rules.invalidText ?? ERROR_TEXTS.validation.invalidImage,
    tooLargeText: ERROR_TEXTS.validation.imageTooLarge,
  };
  const { bytes, mime } = readTypedDataUrl(dataUrl, upload, sniffImageType);

  // The header alone gives the size: a small file declaring 16k×16k is refused here, before any pixel is decoded.
  let width: number;
  let height: number;
  try {
    ({ width, height } = (await openImage(bytes).metadata()).autoOrient);
  } catch {
    throw invalidUpload(upload);
  }
  if (!width || !height || width * height > LIMITS.imagePixels) throw invalidUpload(upload);

  // Then every byte of pixel data: a file cut short or corrupted inside is the member's bad input (400), not a
  // provider failure after the reserve. Shrinking while decoding keeps this cheap: JPEG decodes at 1/8 scale and
  // the pipeline streams, so memory stays small even at the pixel cap.
  try {
    await openImage(bytes, { sequentialRead: true })
      .resize(DECODE_CHECK_EDGE, DECODE_CHECK_EDGE, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw invalidUpload(upload);
  }
  return { bytes, mime, width, height };
}

/** Orientations 2 to 8 turn or mirror the stored pixels; 1 (or none) means they are already upright. */
const UPRIGHT = 1;

/**
 * The picture the way people see it: when its EXIF orientation turns or mirrors the stored pixels (phone photos),
 * the pixels are turned to match and re-encoded in the same format without that tag, so a provider or a tool that
 * ignores EXIF, and a before/after comparison of input and result, all see it upright. An upright image is returned
 * as it came (same bytes). Call it on an ImageInput that passed readImageDataUrl (the decode is under the pixel cap).
 */
export async function uprightImage(input: ImageInput): Promise<ImageInput> {
  const { orientation } = await openImage(input.bytes).metadata();
  if (!orientation || orientation === UPRIGHT) return input;
  const turned = openImage(input.bytes).rotate();
  const bytes =
    input.mime === 'image/png'
      ? await turned.png().toBuffer()
      : input.mime === 'image/jpeg'
        ? await turned.jpeg({ quality: 92, mozjpeg: true }).toBuffer()
        : await turned.webp({ quality: 92 }).toBuffer();
  return { ...input, bytes };
}

/** Edge of list thumbnails: sharp enough for a 4-column gallery card on a 2× screen, a few KB as WebP. */
export const THUMBNAIL_EDGE = 320;

/**
 * A small WebP of an image for lists and galleries (never the original: a page of eight thumbnails should cost
 * tens of KB, not megabytes). Applies the EXIF orientation and never enlarges.
 */
export async function makeThumbnail(bytes: Buffer, options: { width?: number } = {}): Promise<Buffer> {
  const edge = options.width ?? THUMBNAIL_EDGE;
  return openImage(bytes)
    .rotate()
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
}
