import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import { makeGarbagePdf, makePdf } from '../testing/pdf';
import { extractPdfText, isPdf, pdfPageCount, readPdfDataUrl } from './pdf';

const V = ERROR_TEXTS.validation;
/** Starts like a PDF and ends like one, with nothing PDF.js can read in between. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
function dataUrl(content: Buffer, label = 'application/pdf'): string {
  return `data:${label};base64,${content.toString('base64')}`;
}

async function rejection(dataUrlText: string) {
  try {
    await readPdfDataUrl(dataUrlText);
  } catch (error) {
    if (isAppError(error))
      return { status: error.status, message: error.message, field: error.details.field };
  }
  throw new Error('expected an AppError');
}

describe('readPdfDataUrl', () => {
  it('accepts a PDF that PDF.js opens, whatever its label, with its page count', async () => {
    const pdf = makePdf(['One.', 'Two.', 'Three.']);
    const read = await readPdfDataUrl(dataUrl(pdf, 'text/plain'));
    expect(read.bytes.equals(pdf)).toBe(true);
    expect(read).toMatchObject({ mime: 'application/pdf', pageCount: 3 });
  });

  it('refuses anything else with the spec text', async () => {
    const refused = { status: 400, message: V.invalidPdf, field: 'pdf' };
    expect(await rejection(dataUrl(Buffer.from('%PD'), 'application/pdf'))).toEqual(refused);
    expect(await rejection(dataUrl(Buffer.from(' %PDF-1.4 with a leading space')))).toEqual(refused);
    // Only the magic number and the end marker: no pages.
    expect(await rejection(dataUrl(PDF))).toEqual(refused);
    expect(await rejection(dataUrl(makeGarbagePdf()))).toEqual(refused);
  });

  it('refuses more than 10 MB before opening it', async () => {
    const big = Buffer.alloc(LIMITS.pdfBytes + 1, 0x20);
    makePdf(['Too long.']).copy(big);
    expect(await rejection(dataUrl(big))).toEqual({ status: 400, message: V.pdfTooLarge, field: 'pdf' });
  });
});

describe('pdfPageCount', () => {
  it('counts pages with PDF.js, and says nothing for what only starts like a PDF', async () => {
    expect(await pdfPageCount(makePdf(['a', 'b']))).toBe(2);
    expect(await pdfPageCount(PDF)).toBeUndefined();
    expect(await pdfPageCount(makeGarbagePdf())).toBeUndefined();
    expect(await pdfPageCount(Buffer.from('hello'))).toBeUndefined();
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
