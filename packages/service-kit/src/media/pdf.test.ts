import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import { makePdf } from '../testing/pdf';
import { extractPdfText, isPdf, readPdfDataUrl } from './pdf';

const V = ERROR_TEXTS.validation;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function dataUrl(content: Buffer, label = 'application/pdf'): string {
  return `data:${label};base64,${content.toString('base64')}`;
}

function rejection(dataUrlText: string) {
  try {
    readPdfDataUrl(dataUrlText);
  } catch (error) {
    if (isAppError(error))
      return { status: error.status, message: error.message, field: error.details.field };
  }
  throw new Error('expected an AppError');
}

describe('readPdfDataUrl', () => {
  it('accepts a file that starts with %PDF-, whatever its label', () => {
    expect(readPdfDataUrl(dataUrl(PDF, 'text/plain')).bytes.equals(PDF)).toBe(true);
  });

  it('refuses anything else with the spec text', () => {
    expect(rejection(dataUrl(Buffer.from('%PD'), 'application/pdf'))).toEqual({
      status: 400,
      message: V.invalidPdf,
      field: 'pdf',
    });
    expect(rejection(dataUrl(Buffer.from(' %PDF-1.4 with a leading space')))).toMatchObject({
      message: V.invalidPdf,
    });
  });

  it('refuses more than 10 MB', () => {
    const big = Buffer.alloc(LIMITS.pdfBytes + 1, 0x20);
    PDF.copy(big);
    expect(rejection(dataUrl(big))).toEqual({ status: 400, message: V.pdfTooLarge, field: 'pdf' });
  });
});

describe('isPdf', () => {
  it('checks the magic number only', () => {
    expect(isPdf(PDF)).toBe(true);
    expect(isPdf(Buffer.from('%PDF'))).toBe(false);
    expect(isPdf(Buffer.alloc(0))).toBe(false);
  });
});

describe('extractPdfText', () => {
  it('reads the text of each page, up to the page and character caps', async () => {
    const pdf = makePdf(['The first page (about cats).', 'Second page: dogs.', 'Third page.']);
    expect(await extractPdfText(pdf)).toEqual({
      pages: ['The first page (about cats).', 'Second page: dogs.', 'Third page.'],
      totalPages: 3,
      truncated: false,
    });
    expect(await extractPdfText(pdf, { maxPages: 2 })).toEqual({
      pages: ['The first page (about cats).', 'Second page: dogs.'],
      totalPages: 3,
      truncated: true,
    });
    expect((await extractPdfText(pdf, { maxChars: 10 })).pages).toEqual(['The first ']);
  });

  it('throws for bytes that only start like a PDF', async () => {
    await expect(extractPdfText(PDF)).rejects.toThrow();
  });
});
