// Server-side checks of an uploaded image (spec §5): a base64 data URL whose decoded bytes are at most 10 MB and
// really are PNG, JPEG or WebP. The type comes from the magic bytes; the label the browser put in the URL is ignored.
import sharp from 'sharp';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';
import type { ImageInput, ImageMime } from '../providers/types';

const V = ERROR_TEXTS.validation;
const BASE64_PAYLOAD = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL_HEADER = /^data:[^,;]*(;[^,;]*)*;base64,/i;

function invalidImage(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, V.invalidImage, { details: { field: 'image' } });
}

/** The image type proven by the file's first bytes, or undefined for anything else (GIF, SVG, text, ...). */
export function sniffImageType(bytes: Uint8Array): ImageMime | undefined {
  const at = (i: number) => bytes[i];
  if (
    bytes.length >= 8 &&
    at(0) === 0x89 &&
    at(1) === 0x50 &&
    at(2) === 0x4e &&
    at(3) === 0x47 &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    String.fromCharCode(at(0) ?? 0, at(1) ?? 0, at(2) ?? 0, at(3) ?? 0) === 'RIFF' &&
    String.fromCharCode(at(8) ?? 0, at(9) ?? 0, at(10) ?? 0, at(11) ?? 0) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/**
 * Decodes and checks an image data URL. Throws a 400 AppError with the spec's text when the image is too large
 * ('Image file size must be less than 10MB') or is not a real PNG, JPEG or WebP ('Please select a valid image file
 * (PNG, JPG, JPEG, WebP)'). Runs before any credits are reserved, so a bad upload never costs anything.
 */
export async function readImageDataUrl(dataUrl: string): Promise<ImageInput> {
  const header = DATA_URL_HEADER.exec(dataUrl);
  if (!header) throw invalidImage();
  const payload = dataUrl.slice(header[0].length);
  // Size first, from the length alone, so an oversize upload is refused before we decode it.
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((payload.length * 3) / 4) - padding;
  if (decodedLength > LIMITS.imageBytes) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, V.imageTooLarge, { details: { field: 'image' } });
  }
  // Buffer.from silently skips bad characters; a strict check keeps corrupted uploads from passing as images.
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64_PAYLOAD.test(payload)) throw invalidImage();

  const bytes = Buffer.from(payload, 'base64');
  const mime = sniffImageType(bytes);
  if (!mime) throw invalidImage();

  // The header must also parse: a file that only starts like a PNG is not an image we can analyse or forward.
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes).metadata();
    ({ width, height } = metadata.autoOrient);
  } catch {
    throw invalidImage();
  }
  if (!width || !height) throw invalidImage();
  return { bytes, mime, width, height };
}
