// Uploaded PDFs (spec §5, chat attachments): at most 10 MB and starting with the '%PDF-' magic number.
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { readTypedDataUrl, type UploadRules } from './data-url';
import { hasAsciiAt } from './magic-bytes';

/** PDF bytes that passed validation. */
export interface PdfInput {
  bytes: Buffer;
  mime: 'application/pdf';
}

export function isPdf(bytes: Uint8Array): boolean {
  return hasAsciiAt(bytes, 0, '%PDF-');
}

/**
 * Decodes and checks a PDF data URL. Throws a 400 AppError with the spec's text when the file is not a PDF ('Please
 * select a valid PDF file') and our own size text when it passes 10 MB (the spec states the limit without a text).
 */
export function readPdfDataUrl(dataUrl: string, field = 'pdf'): PdfInput {
  const upload: UploadRules = {
    field,
    maxBytes: LIMITS.pdfBytes,
    invalidText: ERROR_TEXTS.validation.invalidPdf,
    tooLargeText: ERROR_TEXTS.validation.pdfTooLarge,
  };
  return readTypedDataUrl(dataUrl, upload, (bytes) => (isPdf(bytes) ? 'application/pdf' : undefined));
}
