// Upload checks of docs/product-rules.md#validation (type and size, with the spec's texts) and reading files as data
// URLs for the API.
import { ERROR_TEXTS, IMAGE_UPLOAD_LABELS, IMAGE_UPLOAD_TYPES, LIMITS } from '@act/contracts';

const V = ERROR_TEXTS.validation;

/** Accept filter for image inputs: the types the services take (spec: PNG, JPG, JPEG, WebP). */
export const IMAGE_ACCEPT = IMAGE_UPLOAD_TYPES.join(',');
export const AUDIO_ACCEPT = 'audio/*';
export const PDF_ACCEPT = 'application/pdf';

type FileLike = Pick<File, 'type' | 'size'>;

/** A GIF, HEIC or AVIF would only be refused by the service after the upload: say so before it. */
const isUploadImageType = (type: string) => IMAGE_UPLOAD_LABELS.includes(type);

/** Null when the file is a usable image, else the spec's text. */
export function checkImageFile(file: FileLike): string | null {
  if (!isUploadImageType(file.type)) return V.invalidImage;
  if (file.size > LIMITS.imageBytes) return V.imageTooLarge;
  return null;
}

/** Chat attachments use the shorter type text (docs/product-rules.md#validation). */
export function checkChatImageFile(file: FileLike): string | null {
  if (!isUploadImageType(file.type)) return V.invalidChatImage;
  if (file.size > LIMITS.imageBytes) return V.imageTooLarge;
  return null;
}

export function checkPdfFile(file: FileLike): string | null {
  if (file.type !== 'application/pdf') return V.invalidPdf;
  if (file.size > LIMITS.pdfBytes) return V.pdfTooLarge;
  return null;
}

export function checkAudioFile(file: FileLike): string | null {
  if (!file.type.startsWith('audio/')) return V.invalidAudio;
  if (file.size > LIMITS.audioBytes) return V.audioTooLarge;
  return null;
}

/** '123.4 KB' (spec: file name and size in KB). */
export function formatFileSizeKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Reads a file as a data URL; rejects with 'Failed to read image file' (or the given text). */
export function readFileAsDataUrl(
  file: Blob,
  failureText: string = ERROR_TEXTS.ui.readImageFile,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(failureText));
    };
    reader.onerror = () => reject(new Error(failureText));
    reader.readAsDataURL(file);
  });
}
