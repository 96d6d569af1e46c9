// Small image factories for tests: real PNG, JPEG, WebP and GIF files made with sharp (and a noise PNG that OCR cannot
// finish), and data URLs of any bytes.
import { randomBytes } from 'node:crypto';
import { openImage } from '../media';

export interface ImageSpec {
  width?: number;
  height?: number;
  /** Background colour, CSS syntax. */
  background?: string;
  /** Optional text drawn in black in the middle (for OCR). */
  text?: string;
}

function svgOf({ width = 64, height = 48, background = '#3366cc', text }: ImageSpec): Buffer {
  const label = text
    ? `<text x="50%" y="55%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 3)}" fill="#000000">${text}</text>`
    : '';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${label}</svg>`,
  );
}

export const makePng = (spec: ImageSpec = {}) => openImage(svgOf(spec)).png().toBuffer();
export const makeJpeg = (spec: ImageSpec = {}) => openImage(svgOf(spec)).jpeg().toBuffer();
export const makeWebp = (spec: ImageSpec = {}) => openImage(svgOf(spec)).webp().toBuffer();
export const makeGif = (spec: ImageSpec = {}) => openImage(svgOf(spec)).gif().toBuffer();

/** Black-and-white specks, a valid PNG under 1 MB at 2000×2000, that tesseract spends minutes laying out. */
export function makeNoisePng(width = 2000, height = 2000): Promise<Buffer> {
  const specks = randomBytes(width * height).map((byte) => (byte & 1 ? 255 : 0));
  return openImage(specks, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

export function dataUrl(bytes: Buffer, mime = 'image/png'): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** A PNG-signed file just over 10 MB: right magic bytes, wrong size. */
export function oversizePngDataUrl(): string {
  const bytes = Buffer.alloc(10 * 1024 * 1024 + 16, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return dataUrl(bytes, 'image/png');
}
