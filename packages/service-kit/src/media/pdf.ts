// Uploaded PDFs (chat attachments; docs/product-rules.md): at most 10 MB, starting with the '%PDF-' magic number, and
// opened with PDF.js (its document structure read, its pages counted) before anything is reserved: a file that only
// starts like a PDF is refused with the spec's text instead of being charged and sent to a provider that cannot read it.
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { invalidUpload, readTypedDataUrl, type UploadRules } from './data-url';
import { hasAsciiAt } from './magic-bytes';

/** PDF bytes that passed validation. */
export interface PdfInput {
  bytes: Buffer;
  mime: 'application/pdf';
  /** How many pages PDF.js found (at least one). */
  pageCount: number;
}

export function isPdf(bytes: Uint8Array): boolean {
  return hasAsciiAt(bytes, 0, '%PDF-');
}

/** Opens `bytes` with PDF.js (through unpdf: no canvas, no worker download), for callers that read it. */
async function openPdf(bytes: Uint8Array) {
  const { getDocumentProxy } = await import('unpdf');
  // PDF.js may transfer (detach) the buffer it is given: it gets a copy. It repairs what it can (a broken
  // cross-reference table is rebuilt from the objects), as readers do, and throws for what it cannot.
  return getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false });
}

/** How many pages PDF.js finds in `bytes`, or undefined when it cannot open them as a PDF with pages. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number | undefined> {
  if (!isPdf(bytes)) return undefined;
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes);
  } catch {
    return undefined;
  }
  try {
    return pdf.numPages > 0 ? pdf.numPages : undefined;
  } finally {
    await pdf.destroy();
  }
}

/**
 * Decodes and checks a PDF data URL. Throws a 400 AppError with the spec's text when the file is not a PDF that
 * PDF.js can open ('Please select a valid PDF file'), and our own size text when it passes 10 MB (the spec states the
 * limit without a text), which is checked first, from the length alone.
 */
export async function readPdfDataUrl(dataUrl: string, field = 'pdf'): Promise<PdfInput> {
  const upload: UploadRules = {
    field,
    maxBytes: LIMITS.pdfBytes,
    invalidText: ERROR_TEXTS.validation.invalidPdf,
    tooLargeText: ERROR_TEXTS.validation.pdfTooLarge,
  };
  const { bytes, mime } = readTypedDataUrl(dataUrl, upload, (head) =>
    isPdf(head) ? ('application/pdf' as const) : undefined,
  );
  const pageCount = await pdfPageCount(bytes);
  if (pageCount === undefined) throw invalidUpload(upload);
  return { bytes, mime, pageCount };
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
  const pdf = await openPdf(bytes);
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
