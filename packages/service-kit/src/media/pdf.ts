// Uploaded PDFs (docs/product-rules.md#validation, chat attachments): at most 10 MB and starting with the '%PDF-'
// magic number.
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

/** The text of a PDF, page by page, as far as it was read. */
export interface PdfText {
  /** One entry per page read (at most `maxPages`), each page's text items joined with spaces and line breaks. */
  pages: string[];
  totalPages: number;
  /** True when pages or characters were left out by the caps. */
  truncated: boolean;
}

export interface PdfTextOptions {
  /** Pages read at most (LIMITS.pdfTextPages by default). */
  maxPages?: number;
  /** Characters kept at most over all pages (LIMITS.modelDocumentChars by default). */
  maxChars?: number;
}

/**
 * Extracts the text of a PDF with PDF.js (through unpdf, which bundles a build for servers: no canvas, no worker
 * download). At most `maxPages` pages and `maxChars` characters are read. Throws for bytes PDF.js cannot open;
 * callers turn that into their own refusal. A scanned PDF without a text layer gives empty pages.
 */
export async function extractPdfText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<PdfText> {
  const maxPages = options.maxPages ?? LIMITS.pdfTextPages;
  const maxChars = options.maxChars ?? LIMITS.modelDocumentChars;
  const { getDocumentProxy } = await import('unpdf');
  // PDF.js may transfer (detach) the buffer it is given: it gets a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
  try {
    const pages: string[] = [];
    let chars = 0;
    let truncated = pdf.numPages > maxPages;
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : item.str.endsWith(' ') ? '' : ' ';
      }
      page.cleanup();
      text = text
        .replace(/[ \t]+\n/g, '\n')
        .replace(/[ \t]{2,}/g, ' ')
        .trim();
      if (chars + text.length > maxChars) {
        pages.push(text.slice(0, Math.max(0, maxChars - chars)));
        truncated = true;
        break;
      }
      chars += text.length;
      pages.push(text);
    }
    return { pages, totalPages: pdf.numPages, truncated };
  } finally {
    await pdf.destroy();
  }
}
