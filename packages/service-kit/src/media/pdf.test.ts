import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import { isPdf, readPdfDataUrl } from './pdf';

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
